import { DownloadOutlined } from '@ant-design/icons';
import { BUSINESS } from '@towing/contracts';
import { useInstallPrompt } from './useInstallPrompt';

export function InstallBanner() {
  const offer = useInstallPrompt();
  if (offer.kind === 'none') return null;
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
          <DownloadOutlined aria-hidden /> Install
        </button>
      )}
    </div>
  );
}
