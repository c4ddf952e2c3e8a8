import type { BrowserContext, Page } from 'playwright-core';
import { BUSINESS, type Job, type JobHistoryEntry } from '@towing/contracts';
import { DriverTapEntity, JobEntity } from '@towing/db';
import { eventually, SocketListener, type TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';

/** A journey's bound: a loaded machine is slow, not broken. */
const TIMEOUT = 180_000;
/** Each step's own bound, well inside the test's, so a step that never ends is the error reported. */
const STEP = 60_000;
const PASSWORD = 'long-red-road-1';

describe('/driver on a phone', () => {
  const journey = useJourney({ worker: false });
  let admin: TestClient;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    admin = await journey.stack.api.adminClient();
    for (const [username, firstName] of [['sam.driver', 'Sam'], ['kim.driver', 'Kim']]) {
      const created = await admin.post('/api/drivers', { username, password: PASSWORD, email: `${username}@example.com`, firstName, lastName: 'Test', phone: '0412 345 678' });
      expect(created.status).toBe(201);
    }
  });

  beforeEach(async () => {
    context = await journey.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(STEP);
  });

  async function sos(situation: string): Promise<Job> {
    const response = await journey.stack.api.client().post('/api/sos', { phone: '0412 777 888', situation, gps: { lat: -20.9, lng: 116.7 } });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  async function signIn(): Promise<void> {
    await page.goto(`${journey.stack.api.baseUrl}/driver`);
    await page.getByLabel('Username').fill('sam.driver');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Sam · driving').waitFor({ state: 'visible' });
  }

  const card = (job: Job) => page.getByRole('article', { name: `Job ${job.id}` }).first();
  const taps = (job: Job) => journey.stack.api.dataSource.getRepository(DriverTapEntity).findBy({ jobId: job.id });

  it(
    'keeps three taps made without signal and sends them in order, once, when the signal is back',
    async () => {
      const job = await sos('Rolled onto its side near Millstream');
      const board = await new SocketListener(journey.stack.api.baseUrl, admin.cookie).connected();
      try {
        await signIn();
        await card(job).getByText('Waiting 0 min').waitFor({ state: 'visible' });
        expect(await card(job).getByRole('link', { name: 'Navigate (Google)' }).getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=-20.900000,116.700000');

        await context.setOffline(true);
        const tappedFrom = Date.now();
        await card(job).getByRole('button', { name: 'Take it' }).click();
        await card(job).getByRole('button', { name: 'On my way' }).click();
        await card(job).getByRole('button', { name: '30 min' }).click();
        await card(job).getByRole('button', { name: 'On scene' }).click();
        await page.getByText('3 waiting to go').waitFor({ state: 'visible' });
        await card(job).getByText('Waiting to go: Take it, On my way, On scene').waitFor({ state: 'visible' });
        expect(await taps(job)).toEqual([]);

        await context.setOffline(false);
        await page.getByText('3 waiting to go').waitFor({ state: 'detached' });
        const stored = await eventually(async () => {
          const rows = await taps(job);
          return rows.length === 3 ? rows : null;
        }, STEP);
        expect(stored.sort((a, b) => a.id - b.id).map((tap) => tap.kind)).toEqual(['take', 'enRoute', 'onScene']);
        expect(stored.every((tap) => tap.refusal === null && tap.madeAt.getTime() >= tappedFrom - 1000 && tap.madeAt <= tap.receivedAt)).toBe(true);

        const saved = await journey.stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
        expect(saved).toMatchObject({ status: 'In Progress', assignedTo: 'Sam', progress: 50 });
        const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[];
        expect(history.map((entry) => entry.message)).toEqual([
          'Job created (4x4 Recovery)',
          'Taken by Sam',
          expect.stringMatching(/^On my way: status changed from Emergency to En Route; ETA set to /),
          'On scene: status changed from En Route to In Progress',
        ]);
        // The board saw the three changes in the order they were tapped.
        await eventually(() => board.events.some(({ event, payload }) => event === 'job:updated' && (payload as Job).id === job.id && (payload as Job).status === 'In Progress'), STEP);
        const seen = board.events.filter(({ event, payload }) => event === 'job:updated' && (payload as Job).id === job.id).map(({ payload }) => `${(payload as Job).assignedTo} ${(payload as Job).status}`);
        expect(seen).toEqual(['Sam Emergency', 'Sam En Route', 'Sam In Progress']);
        // And the phone's screen follows: the job is Sam's, on scene.
        await page.getByTestId(`status-${job.id}`).filter({ hasText: 'In Progress · Sam' }).first().waitFor({ state: 'visible' });

        // Reopening sends nothing again.
        await page.reload();
        await page.getByText('Sam · driving').waitFor({ state: 'visible' });
        await card(job).waitFor({ state: 'visible' });
        expect(await taps(job)).toHaveLength(3);
        // Done: Sam's phone has no job to share its position for in the next tests.
        expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
      } finally {
        board.socket.close();
      }
    },
    TIMEOUT,
  );

  it(
    'shows a tap the server refused, with the reason, instead of dropping it',
    async () => {
      const job = await sos('Flat battery at Python Pool');
      await signIn();
      await card(job).waitFor({ state: 'visible' });
      await context.setOffline(true);
      await card(job).getByRole('button', { name: 'Take it' }).click();
      await page.getByText('1 waiting to go').waitFor({ state: 'visible' });
      // Meanwhile, with signal, Kim takes it first.
      const kim = journey.stack.api.client();
      expect((await kim.post('/api/auth/login', { username: 'kim.driver', password: PASSWORD })).status).toBe(200);
      const taken = await kim.post(`/api/driver/jobs/${job.id}/taps`, { kind: 'take', madeAt: new Date().toISOString() }, { 'Idempotency-Key': `kim-take-${job.id}` });
      expect(taken.status).toBe(200);
      await context.setOffline(false);
      const refusal = page.getByRole('alert').filter({ hasText: `Not done: Take it · ${job.id}` });
      await refusal.getByText(`Kim has already taken job ${job.id}`).waitFor({ state: 'visible' });
      expect((await taps(job)).map((tap) => tap.refusal)).toEqual([null, `Kim has already taken job ${job.id}`]);
      await refusal.getByRole('button', { name: 'OK' }).click();
      await refusal.waitFor({ state: 'detached' });
    },
    TIMEOUT,
  );

  it(
    'has the service worker send a tap made without signal once the signal is back, with the page closed',
    async () => {
      const { baseUrl } = journey.stack.api;
      const job = await sos('Stuck in sand on the Cape Preston track');
      await signIn();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await card(job).waitFor({ state: 'visible' });
      await context.setOffline(true);
      await card(job).getByRole('button', { name: 'Acknowledge' }).click();
      // This job's tap waits (the phone may also hold a position of another job of Sam's).
      await card(job).getByText('Waiting to go: Acknowledge').waitFor({ state: 'visible' });
      await page.close();
      await context.setOffline(false);
      expect(await taps(job)).toEqual([]);

      // Headless Chromium never sees the connection come back, so DevTools fires the worker's sync event.
      const devtoolsPage = await context.newPage();
      await devtoolsPage.goto(`${baseUrl}/api/health`);
      const devtools = await context.newCDPSession(devtoolsPage);
      const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
      devtools.on('ServiceWorker.workerRegistrationUpdated', (update) => registrations.push(...update.registrations));
      await devtools.send('ServiceWorker.enable');
      const registration = await eventually(() => registrations.find((entry) => entry.scopeURL === `${baseUrl}/` && !entry.isDeleted), STEP);
      await devtools.send('ServiceWorker.dispatchSyncEvent', { origin: baseUrl, registrationId: registration.registrationId, tag: 'driver-queue', lastChance: false });
      await eventually(async () => (await taps(job)).length === 1, STEP, 100);
      const saved = await journey.stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
      expect(saved.acknowledgedBy).toBe('Sam');
    },
    TIMEOUT,
  );

  it(
    'is part of the installed app: a shortcut of its own, and it opens from cache with no network',
    async () => {
      const manifest = await (await fetch(`${journey.stack.api.baseUrl}/manifest.webmanifest`)).json();
      expect(manifest.shortcuts).toEqual(expect.arrayContaining([expect.objectContaining({ url: '/driver', name: 'Driver' })]));
      const job = await sos('Overheated at Whim Creek');
      await signIn();
      await card(job).waitFor({ state: 'visible' });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.goto(`${journey.stack.api.baseUrl}/driver`);
      await page.getByText(/^No connection: showing the jobs as they were at /).waitFor({ state: 'visible' });
      await card(job).waitFor({ state: 'visible' });
      expect(await page.title()).toContain(BUSINESS.name);
      await context.setOffline(false);
    },
    TIMEOUT,
  );
});
