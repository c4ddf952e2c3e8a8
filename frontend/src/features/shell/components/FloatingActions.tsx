import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { BUSINESS, telHref } from '@towing/contracts';
import { Link } from 'react-router-dom';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

/** Always within thumb reach: the way out for a stranded driver, on every screen. */
export function FloatingActions() {
  return (
    <div className="floating-actions">
      <Link to="/sos" reloadDocument className="floating-stuck">
        STUCK NOW
      </Link>
      <a href={telHref(BUSINESS.phoneE164)} className="floating-call" aria-label={`Call ${BUSINESS.phone}`}>
        <SvgIcon icon={PhoneOutlined} />
      </a>
    </div>
  );
}
