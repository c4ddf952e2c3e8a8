/**
 * The paths of the SOS page. Each is its prerendered HTML and the page's own script
 * (sos-main.ts), never the app: a link into one is a full page load, and the service worker
 * answers one with that HTML.
 */
export const SOS_PAGES = ['/sos', '/emergency'];
