import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteFooter } from './SiteFooter';
import { isAppleMobile } from '../hooks/useInstallPrompt';

const realMatchMedia = window.matchMedia;
const realUserAgent = navigator.userAgent;

function setUserAgent(userAgent: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
}

function runStandalone(standalone: boolean) {
  window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: standalone && query === '(display-mode: standalone)' })) as typeof window.matchMedia;
}

/** Chromium's install prompt, with the user's answer decided up front. */
function firePrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
  let prompted = false;
  event.prompt = () => {
    prompted = true;
    return Promise.resolve();
  };
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return { wasPrompted: () => prompted, defaultPrevented: event.defaultPrevented };
}

/** The footer holds the install offer and shows the banner when there is one. */
function renderFooter() {
  return render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  window.matchMedia = realMatchMedia;
  setUserAgent(realUserAgent);
});

describe('InstallBanner', () => {
  it('stays hidden in a desktop browser until the install prompt fires, and hides once accepted', async () => {
    runStandalone(false);
    renderFooter();
    expect(screen.queryByText('Install App')).toBeNull();

    const prompt = firePrompt('accepted');
    expect(prompt.defaultPrevented).toBe(true);
    await screen.findByText('Install App');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(prompt.wasPrompted()).toBe(true);
    expect(screen.queryByText('Install App')).toBeNull();
  });

  it('shows the Share, Add to Home Screen steps on an iPhone', async () => {
    runStandalone(false);
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1');
    renderFooter();
    await screen.findByText('On iPhone or iPad: tap Share, then ‘Add to Home Screen’.');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('never shows when the app already runs standalone', async () => {
    runStandalone(true);
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)');
    renderFooter();
    firePrompt('accepted');
    // The banner's code is loaded lazily: let it arrive, so a banner wrongly offered would be on screen.
    await act(async () => {
      await import('./InstallBanner');
    });
    expect(screen.queryByText('Install App')).toBeNull();
  });

  it('recognises an iPad that reports itself as a Mac by its touch screen', () => {
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
  });
});
