/**
 * The service worker (sw.ts) precaches the shell and /sos, so the SOS page opens with no signal
 * after one visit. Registered once the page has loaded, so it never competes with the page itself.
 * Both ways in register it: the app (main.tsx) and the SOS page's own script (features/sos/sos-main.ts).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
