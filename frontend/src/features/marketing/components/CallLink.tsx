import { PhoneOutlined } from '@ant-design/icons';
import { BUSINESS, type StaffMember, telHref } from '@towing/contracts';

interface Props {
  /** Calls one of the owners instead of the business line. */
  staff?: StaffMember;
  label?: string;
  variant?: 'primary' | 'emergency' | 'plain';
}

export function CallLink({ staff, label, variant = 'primary' }: Props) {
  const phone = staff ?? BUSINESS;
  return (
    <a className={`cta-button cta-${variant}`} href={telHref(phone.phoneE164)}>
      <PhoneOutlined aria-hidden /> {label ?? `Call ${phone.phone}`}
    </a>
  );
}
