/// <reference lib="webworker" />
import { prerenderedFile } from '@towing/contracts';
import { BackgroundSyncPlugin } from 'workbox-background-sync';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { SOS_PAGES } from './features/sos/sos-pages';
import './sw/push';
import './sw/driver-taps';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Chunks of other screens, kept as they are first opened; a new deployment starts it empty. */
const SCREENS_CACHE = 'screens';

// Precached at install: the app shell and the SOS pages with their script (see vite.config.ts), so a
// stranded driver who opened the site once can reach /sos with no signal.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// /sos and /emergency are their prerendered page and its own script, never the app shell (which
// has no SOS screen to show): offline as online.
for (const path of SOS_PAGES) {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${prerenderedFile(path)}`), { allowlist: [new RegExp(`^${path}/?$`, 'i')] }));
}

// Every other client-side route is the one app shell; the API and the socket are live data, never
// cached. Bull Board (/admin/queues) is served by the API, not the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\.io\//, /^\/admin\/queues(\/|$)/] }));

// An SOS that fails for want of signal is kept and replayed by Background Sync when the
// connection returns, even if the driver has closed the page. The page keeps its own queue
// too (browsers without Background Sync); both resend with the same Idempotency-Key, so the
// server creates one job.
// The page sends every SOS as the one command, POST /api/sos. Only a request with an
// Idempotency-Key (the SOS page always sends one) is kept: replaying it cannot make a second job.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && url.pathname === '/api/sos' && request.headers.has('Idempotency-Key'),
  new NetworkOnly({ plugins: [new BackgroundSyncPlugin('sos-requests', { maxRetentionTime: 24 * 60 })] }),
  'POST',
);

// Hashed file names: a cached chunk can never be stale, so cache first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: SCREENS_CACHE }),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The previous deployment's chunks are unreachable from the new shell.
  event.waitUntil(caches.delete(SCREENS_CACHE).then(() => self.clients.claim()));
});
