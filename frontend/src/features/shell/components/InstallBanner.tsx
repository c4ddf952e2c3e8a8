import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { BUSINESS } from '@towing/contracts';
import type { InstallOffer } from '../hooks/useInstallPrompt';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

/** The Install App banner for an offer the footer holds (useInstallPrompt); loaded only when there is one. */
export function InstallBanner({ offer }: { offer: Exclude<InstallOffer, { kind: 'none' }> }) {
  return (
    <div className="install-banner" role="region" aria-label="Install App">
      <div>
        <strong>Install App</strong>
        <p>Keep {BUSINESS.shortName} on your home screen for one-tap emergency help.</p>
        {offer.kind === 'ios' && (
          <p className="install-steps">
            On iPhone or iPad: tap Share, then &lsquo;Add to Home Screen&rsquo;.
          </p>
        )}
      </div>
      {offer.kind === 'prompt' && (
        <button type="button" className="nav-button install-button" onClick={() => void offer.install()}>
          <SvgIcon icon={DownloadOutlined} /> Install
        </button>
      )}
    </div>
  );
}
