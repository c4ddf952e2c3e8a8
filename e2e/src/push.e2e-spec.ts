import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { googleMapsUrl, type Job, PUSH_ACTIONS, type SosPushPayload } from '@towing/contracts';
import { JobEntity } from '@towing/db';
import { eventually, PushServicePeer, type Stack, startStack, TEST_ADMIN, vapidKeyPair } from '@towing/testkit';
import { launchBrowser, OFFICE_PC, signInToBoard, STILL } from './browser.js';

const TIMEOUT = 60_000;

/** The service worker's global scope as the functions evaluated in it use it (the tests are typed without the webworker library). */
interface WorkerScope {
  registration: { getNotifications(filter: { tag: string }): Promise<Array<{ title: string; body: string; actions?: Array<{ action: string }> }>> };
  clients: { openWindow(url: string): Promise<unknown> };
  dispatchEvent(event: Event): boolean;
  /** What the test's stand-in for clients.openWindow was asked to open. */
  opened?: string[];
}
declare const NotificationEvent: new (type: 'notificationclick', init: { notification: unknown; action: string }) => Event;
const FIX = { lat: -20.73612, lng: 116.8463 };

/**
 * The service worker's push handlers in Chromium. The server's push goes to the local push
 * service (which decrypts it with the test device's keys, as the browser would); DevTools then
 * delivers that payload to the page's service worker (ServiceWorker.deliverPushMessage), as
 * Chromium's push service client does. A notification's buttons are pressed by dispatching
 * notificationclick in the service worker: headless Chromium has no notification to tap. Such a
 * click grants no window opening, so for Navigate the test stands in for the browser's
 * clients.openWindow and reads what the handler asked it to open.
 */
describe('SOS push in the service worker (Chromium)', () => {
  const vapid = vapidKeyPair();
  let pushService: PushServicePeer;
  let stack: Stack;
  let browser: Browser;
  let office: BrowserContext;
  let board: Page;
  let serviceWorker: Worker;
  const pageErrors: string[] = [];
  /** What the service worker logged: with the workers there are, it is what explains a notification that never shows. */
  const workerLog: string[] = [];
  /** DevTools on the board: the service worker's registration, and how each push event it delivered ended. */
  let devtools: CDPSession;
  let registrationId: string | undefined;
  /** Each delivered push event's Status as Chromium recorded it when the event ended. */
  const pushEventsCompleted: string[] = [];

  beforeAll(async () => {
    pushService = await new PushServicePeer(vapid.publicKey).start();
    [stack, browser] = await Promise.all([
      startStack({ env: { ...pushService.environment(), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } }),
      // The notifications are the whole browser's: the headless shell shows none.
      launchBrowser('full'),
    ]);
    office = await browser.newContext({ ...STILL, ...OFFICE_PC, permissions: ['notifications'] });
    board = await office.newPage();
    board.on('pageerror', (error) => pageErrors.push(error.message));
    const installed = office.waitForEvent('serviceworker');
    await signInToBoard(board, stack.api.baseUrl);
    await board.getByRole('button', { name: 'Create Job' }).waitFor();
    serviceWorker = office.serviceWorkers()[0] ?? (await installed);
    serviceWorker.on('console', (message) => workerLog.push(`${message.type()}: ${message.text()}`));
    await board.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    devtools = await office.newCDPSession(board);
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      registrationId ??= registrations.find((registration) => !registration.isDeleted)?.registrationId;
    });
    devtools.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      if (event.eventName === 'Push event completed') pushEventsCompleted.push(event.eventMetadata.find((entry) => entry.key === 'Status')?.value ?? 'no Status');
    });
    await devtools.send('ServiceWorker.enable');
    await devtools.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await devtools.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await pushService?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  /** The device a phone would be: subscribed through the API with keys the push service peer holds. */
  async function subscribedDevice() {
    const device = pushService.subscribe();
    const admin = await stack.api.adminClient();
    expect((await admin.post('/api/push/subscriptions', device)).status).toBe(204);
    return device;
  }

  async function sos(customerName: string): Promise<Job> {
    const response = await stack.api.client().post('/api/sos', { phone: '0412 345 678', customerName, location: 'Fortescue River crossing', gps: FIX }, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  /**
   * What the push service took for the device, decrypted, handed to the page's service worker
   * through DevTools; resolves once the push event's work has settled, with the notification it
   * showed on display. Chromium's getNotifications drops from its records a notification written
   * but not yet on display when asked, so reading them while the push event still runs can lose it.
   */
  async function deliverToServiceWorker(endpoint: string, jobId: string): Promise<SosPushPayload> {
    const push = await eventually(() => pushService.pushesTo(endpoint).find((received) => (JSON.parse(received.payload) as SosPushPayload).jobId === jobId), 20_000);
    const registration = await eventually(() => registrationId);
    const before = pushEventsCompleted.length;
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: stack.api.baseUrl, registrationId: registration, data: push.payload });
    expect(await eventually(() => pushEventsCompleted[before])).toBe('Success');
    return JSON.parse(push.payload) as SosPushPayload;
  }

  /** The notifications the service worker shows for a tag, as { title, body, actions }. */
  function shown(tag: string) {
    return serviceWorker.evaluate(async (wanted) => {
      const scope = self as unknown as WorkerScope;
      const notifications = await scope.registration.getNotifications({ tag: wanted });
      return notifications.map((notification) => ({
        title: notification.title,
        body: notification.body,
        actions: (notification.actions ?? []).map((action) => action.action),
      }));
    }, tag);
  }

  /** The notifications under a tag once `wanted` holds of them; if it never does, the error says what there was. */
  async function shownWhen(tag: string, wanted: (found: Awaited<ReturnType<typeof shown>>) => boolean) {
    try {
      return await eventually(async () => {
        const found = await shown(tag);
        return wanted(found) && found;
      });
    } catch (error) {
      const state = { shown: await shown(tag).catch(String), workers: office.serviceWorkers().length, log: workerLog };
      throw new Error(`${(error as Error).message}: ${JSON.stringify(state)}`);
    }
  }

  /**
   * Presses a button of the shown notification (or the notification itself with action ''), and
   * resolves once what the handler passed to waitUntil has settled, rejecting with its error. A
   * dispatched event is untrusted and its own waitUntil would throw, so the test keeps the work
   * itself: nothing is left running after the press, for the worker to be stopped in the middle of.
   */
  function press(tag: string, action: string) {
    return serviceWorker.evaluate(
      async ({ wanted, button }) => {
        const scope = self as unknown as WorkerScope;
        const [notification] = await scope.registration.getNotifications({ tag: wanted });
        const work: Array<Promise<unknown>> = [];
        const click = Object.assign(new NotificationEvent('notificationclick', { notification, action: button }), { waitUntil: (promise: Promise<unknown>) => work.push(promise) });
        scope.dispatchEvent(click);
        if (work.length === 0) throw new Error(`the click on ${button || 'the notification'} started no work`);
        await Promise.all(work);
      },
      { wanted: tag, button: action },
    );
  }

  it(
    "shows the SOS with Acknowledge and Navigate, and Acknowledge from the notification reaches the server as the device owner's",
    async () => {
      const device = await subscribedDevice();
      const job = await sos('Sam Lockscreen');
      const payload = await deliverToServiceWorker(device.endpoint, job.id);
      const [notification] = await shownWhen(payload.tag, (found) => found.length === 1);
      expect(notification).toEqual({
        title: `SOS ${job.id}: Sam Lockscreen`,
        body: expect.stringMatching(/^Fortescue River crossing\nWaiting since /),
        actions: [PUSH_ACTIONS.acknowledge, PUSH_ACTIONS.navigate],
      });
      expect(payload.navigateUrl).toBe(googleMapsUrl(FIX));

      await press(payload.tag, PUSH_ACTIONS.acknowledge);
      const acknowledged = await eventually(async () => {
        const stored = await stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
        return stored.acknowledgedBy && stored;
      }, 20_000);
      expect(acknowledged.acknowledgedBy).toBe(TEST_ADMIN.username);
      // The alert is replaced under its tag by what happened, with nothing left to press.
      const [outcome] = await shownWhen(payload.tag, (found) => found.length === 1 && found[0]!.title !== notification!.title);
      expect(outcome).toEqual({ title: `SOS ${job.id} acknowledged`, body: `${TEST_ADMIN.username} has it.`, actions: [] });
    },
    TIMEOUT,
  );

  it(
    'Navigate from the notification opens the maps link of the stored fix and leaves the SOS for someone to acknowledge',
    async () => {
      const device = await subscribedDevice();
      const job = await sos('Sam Navigate');
      const payload = await deliverToServiceWorker(device.endpoint, job.id);
      await shownWhen(payload.tag, (found) => found.length === 1);
      await serviceWorker.evaluate(() => {
        const scope = self as unknown as WorkerScope;
        scope.opened = [];
        scope.clients.openWindow = async (url: string) => void scope.opened!.push(url);
      });

      await press(payload.tag, PUSH_ACTIONS.navigate);
      const opened = await eventually(() => serviceWorker.evaluate(() => (self as unknown as WorkerScope).opened!.length > 0 && (self as unknown as WorkerScope).opened));
      expect(opened).toEqual([googleMapsUrl(FIX)]);
      await shownWhen(payload.tag, (found) => found.length === 0);
      expect((await stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id })).acknowledgedAt).toBeNull();
    },
    TIMEOUT,
  );
});
