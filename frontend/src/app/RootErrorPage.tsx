import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { BUSINESS, telHref } from '@towing/contracts';
import { SvgIcon } from '../shared/ui/SvgIcon';

/**
 * A screen's chunk can fail to download on a patchy rural connection. A stranded driver who
 * lands here still needs the phone number, so it is the one thing this page offers besides reloading.
 * Plain elements: it must render even when the chunk that failed was antd's.
 */
export function RootErrorPage() {
  return (
    <div className="root-error" role="alert">
      <SvgIcon icon={CloseCircleFilled} className="root-error-icon" />
      <h1 className="root-error-title">Something went wrong</h1>
      <p className="root-error-text">Check your connection and reload the page, or call us directly.</p>
      <div className="root-error-actions">
        <a className="plain-button plain-button-danger" href={telHref(BUSINESS.phoneE164)}>
          <SvgIcon icon={PhoneOutlined} /> Call {BUSINESS.phone}
        </a>
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
