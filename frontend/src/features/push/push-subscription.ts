import type { PushSubscriptionRequest } from '@towing/contracts';
import { api } from '../../shared/api/client';

/** Where this device stands: alerts on or off, or why they cannot be turned on here. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported' | 'unavailable';

/** The service worker that shows the pushes; none in a browser without push or before the app's worker is installed. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

function asRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/**
 * This device's state. A subscription the browser holds is told to the server again: it may have
 * been made by someone signed in before, or removed by the server after its push service refused it.
 */
export async function readPushState(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const { publicKey } = await api.call('GET /api/push/key');
  if (!publicKey) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription) return 'off';
  await api.call('POST /api/push/subscriptions', { body: asRequest(subscription) });
  return 'on';
}

/** Asks the browser's permission, subscribes with the server's key and registers the device. */
export async function turnPushOn(): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const { publicKey } = await api.call('GET /api/push/key');
  if (!publicKey) return 'unavailable';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await api.call('POST /api/push/subscriptions', { body: asRequest(subscription) });
  return 'on';
}

/** The server forgets the device first: a device it still lists would keep being pushed to. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await api.call('DELETE /api/push/subscriptions', { query: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
