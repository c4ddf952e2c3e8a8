import { PhoneOutlined } from '@ant-design/icons';
import { BUSINESS } from '@towing/contracts';
import { Link } from 'react-router-dom';
import { telHref } from '../../lib/tel';

/** Always within thumb reach: the way out for a stranded driver, on every screen. */
export function FloatingActions() {
  return (
    <div className="floating-actions">
      <Link to="/sos" className="floating-stuck">
        STUCK NOW
      </Link>
      <a href={telHref(BUSINESS.phoneE164)} className="floating-call" aria-label={`Call ${BUSINESS.phone}`}>
        <PhoneOutlined aria-hidden />
      </a>
    </div>
  );
}
