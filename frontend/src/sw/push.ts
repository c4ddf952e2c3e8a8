/// <reference lib="webworker" />
import { PUSH_ACTIONS, type PushAcknowledgeResponse, type SosPushPayload } from '@towing/contracts';
import { api } from '../shared/api/client';

declare const self: ServiceWorkerGlobalScope;

/** A notification's button (the DOM library's types leave `actions` out). */
interface NotificationAction {
  action: string;
  title: string;
}

/** An SOS push (its tag replaces the notification an earlier push about the same SOS left). */
self.addEventListener('push', (event) => {
  const payload = event.data?.json() as SosPushPayload | undefined;
  if (payload?.kind !== 'sos') return;
  const actions: NotificationAction[] = [];
  if (payload.ackToken) actions.push({ action: PUSH_ACTIONS.acknowledge, title: 'Acknowledge' });
  if (payload.navigateUrl) actions.push({ action: PUSH_ACTIONS.navigate, title: 'Navigate' });
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      // A replacing push about the same SOS still wakes the phone.
      renotify: true,
      requireInteraction: true,
      data: payload,
      actions,
    } as NotificationOptions),
  );
});

/**
 * How long Acknowledge from the lock screen waits for the server: on one bar of signal the
 * request can hang, and the alert it replaced must not be left with nothing in its place.
 */
const ACKNOWLEDGE_TIMEOUT_MS = 20_000;

/** Who the server says has the SOS now, or null when it could not be acknowledged from here. */
async function sendAcknowledge(token: string): Promise<PushAcknowledgeResponse | null> {
  try {
    return await api.call('POST /api/push/acknowledge', { body: { token }, signal: AbortSignal.timeout(ACKNOWLEDGE_TIMEOUT_MS) });
  } catch {
    return null;
  }
}

/** The Acknowledge action, from the lock screen: no sign-in, the push's signed token is the proof. */
async function acknowledge(payload: SosPushPayload, token: string): Promise<void> {
  const done = await sendAcknowledge(token);
  // What happened replaces the alert, under the same tag.
  await self.registration.showNotification(done ? `SOS ${payload.jobId} acknowledged` : `SOS ${payload.jobId}: not acknowledged`, {
    body: done ? `${done.acknowledgedBy} has it.` : 'Could not acknowledge it from here: open the board.',
    tag: payload.tag,
    data: { ...payload, ackToken: done ? null : payload.ackToken },
  });
}

/** A tap on the notification opens the board (an open one is brought forward). */
async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const board = windows.find((client) => new URL(client.url).pathname === new URL(url).pathname);
  if (board) {
    await board.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const payload = event.notification.data as SosPushPayload | undefined;
  if (payload?.kind !== 'sos') return;
  event.notification.close();
  if (event.action === PUSH_ACTIONS.acknowledge && payload.ackToken) {
    event.waitUntil(acknowledge(payload, payload.ackToken));
  } else if (event.action === PUSH_ACTIONS.navigate && payload.navigateUrl) {
    event.waitUntil(self.clients.openWindow(payload.navigateUrl).then(() => undefined));
  } else {
    event.waitUntil(open(payload.openUrl));
  }
});
