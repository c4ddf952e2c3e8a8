/// <reference lib="webworker" />
import { flush, SYNC_TAG } from '../features/driver/offline/request-queue';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Background Sync: the browser wakes the service worker when the phone has a network again, page
 * open or closed, and the driver's queued taps go out in order. A pass that stops for want of a
 * network or server fails the event, so the browser tries again later; a refused tap is kept with
 * its reason for the page to show, so it does not fail the event.
 */
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    flush().then((outcome) => {
      if (outcome.stoppedBy) throw new Error(`Driver queue not sent: ${outcome.stoppedBy}`);
    }),
  );
}) as EventListener);
