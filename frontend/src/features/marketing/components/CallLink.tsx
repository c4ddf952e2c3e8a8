import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { BUSINESS, type StaffMember, telHref } from '@towing/contracts';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

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
      <SvgIcon icon={PhoneOutlined} /> {label ?? `Call ${phone.phone}`}
    </a>
  );
}
