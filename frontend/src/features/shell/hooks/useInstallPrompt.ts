import { useEffect, useState } from 'react';

/** Chromium's install prompt event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPadOS reports itself as a Mac; a touch screen gives it away. */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export type InstallOffer = { kind: 'none' } | { kind: 'prompt'; install(): Promise<void> } | { kind: 'ios' };

/**
 * What the Install App banner can offer: nothing when already installed, Safari's manual steps on
 * iPhone and iPad (Safari never fires the prompt event), else the browser's prompt once it fires.
 */
export function useInstallPrompt(): InstallOffer {
  // Read after mount: the page's HTML is rendered at build time, where there is no browser to ask.
  const [device, setDevice] = useState<{ standalone: boolean; appleMobile: boolean } | null>(null);
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    setDevice({ standalone: runsStandalone(), appleMobile: isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) });
  }, []);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!device || device.standalone || installed) return { kind: 'none' };
  if (deferred) {
    return {
      kind: 'prompt',
      async install() {
        await deferred.prompt();
        const { outcome } = await deferred.userChoice;
        // The event can be used once only; a dismissed prompt comes back as a new event later.
        setDeferred(null);
        if (outcome === 'accepted') setInstalled(true);
      },
    };
  }
  if (device.appleMobile) return { kind: 'ios' };
  return { kind: 'none' };
}
