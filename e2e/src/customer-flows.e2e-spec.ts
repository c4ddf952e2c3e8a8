import type { BrowserContext, Page } from 'playwright-core';
import type { Booking, Job } from '@towing/contracts';
import { JobEntity, JobPhotoEntity, FeedbackEntity, findJobWithToken } from '@towing/db';
import { SocketListener, eventually } from '@towing/testkit';
import { chooseOption, PHONE_IN_THE_PILBARA } from './browser.js';
import { useJourney } from './journey.js';

const TIMEOUT = 45_000;
const GEOCODER = 'https://nominatim.openstreetmap.org/reverse**';
const ADDRESS = 'Millstream Road, Pannawonica, Shire of Ashburton, Western Australia';
/** A real (1x1) PNG: the API decodes every photo and refuses what is not an image. */
const PHOTO = {
  name: 'bogged.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
};

describe('customer flows in headless Chromium', () => {
  let admin: SocketListener;
  // Declared before the journey's own, so it runs first: the board's socket closes before the stack stops.
  afterAll(() => admin?.close());
  const journey = useJourney({ worker: false });
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const adminClient = await journey.stack.api.adminClient();
    admin = await new SocketListener(journey.stack.api.baseUrl, adminClient.cookie).connected();
  }, 60_000);

  beforeEach(async () => {
    context = await journey.newContext();
    // The public reverse geocoder stands in here with a fixed answer: tests never leave the machine.
    await context.route(GEOCODER, (route) => route.fulfill({ json: { display_name: ADDRESS } }));
    page = await context.newPage();
  });

  it(
    'books a service on /booking and the board hears of it at once',
    async () => {
      await page.goto(`${journey.stack.api.baseUrl}/booking`);
      await page.getByLabel('Full name').fill('Morgan Ellis');
      await page.getByLabel('Phone', { exact: true }).fill('0412 777 888');
      await page.getByLabel('Email').fill('morgan@example.com');
      await chooseOption(page, 'Service', 'Engine Repairs');
      await page.getByLabel('Location').fill('14 Welcome Road, Karratha');
      const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date(Date.now() + 86_400_000));
      await page.getByLabel('Preferred date').fill(tomorrow);
      await chooseOption(page, 'Preferred time', '09:30 AM');
      await page.getByLabel('Describe what you need').fill('Engine overheating on the highway, coolant leak.');
      // Waits on the answer itself, then on the toast it brings: a slow machine delays both, never skips them.
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/bookings') && response.request().method() === 'POST', { timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Submit Booking' }).click();
      expect((await answered).status()).toBe(201);
      await page.getByText('Booking Submitted!').waitFor({ state: 'visible' });
      const [booking] = await eventually(() => {
        const found = admin.received<Booking>('booking:created', (created) => created.phone === '0412 777 888');
        return found.length ? found : null;
      });
      expect(booking).toMatchObject({
        customerName: 'Morgan Ellis',
        service: 'Engine Repairs',
        preferredDate: tomorrow,
        preferredTime: '09:30 AM',
        urgency: 'scheduled',
        status: 'pending',
      });
    },
    TIMEOUT,
  );

  it(
    "shows a dispatcher's status change on the open portal as it happens, without a reload",
    async () => {
      const job: Job = (await journey.stack.api.client().post('/api/jobs', { customerName: 'Tess Moran', phone: '0412 222 333' })).body.job;
      // A visitor's search by the job id and the phone's last four digits: the public view.
      await page.goto(`${journey.stack.api.baseUrl}/customer-portal`);
      await page.getByLabel('Job ID').fill(job.id);
      await page.getByLabel('Last 4 digits of your phone').fill('2333');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('Live updates on').waitFor({ state: 'visible' });
      await page.getByText('Job created and assigned to our team').waitFor({ state: 'visible' });
      expect(await page.getByText('Driver en route').count()).toBe(0);
      expect(await page.content()).not.toContain('0412 222 333');
      await page.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));

      // How fast it shows is measured by `npm run bench:live`, not here.
      const adminClient = await journey.stack.api.adminClient();
      const response = await adminClient.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route', progress: 25 });
      expect(response.status).toBe(200);
      await page.getByText('Driver en route').waitFor({ state: 'visible' });
      expect(await page.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(response.body.job.progress));
    },
    TIMEOUT,
  );

  it(
    'queues an SOS sent without signal and sends it, once, when the phone is back online',
    async () => {
      const phone = '0412 999 000';
      const jobsFor = () => journey.stack.api.dataSource.getRepository(JobEntity).countBy({ phone });
      await page.goto(`${journey.stack.api.baseUrl}/sos`);
      const location = page.getByLabel('Location', { exact: true });
      await eventually(async () => (await location.inputValue()) === ADDRESS, 15_000, 100);

      await context.setOffline(true);
      await page.getByLabel('Phone', { exact: true }).fill(phone);
      await page.getByLabel('What happened?').fill('Bogged in the Fortescue River crossing');
      await page.locator('#sos-photo').setInputFiles(PHOTO);
      await page.getByRole('button', { name: 'Send Emergency Request' }).click();
      await page.getByText('Request saved offline - waiting for signal').waitFor({ state: 'visible' });
      await page.getByText('Request saved offline', { exact: true }).waitFor({ state: 'visible' });
      expect(await jobsFor()).toBe(0);
      const queued = await page.evaluate(() => JSON.parse((globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('emergencyQueue') ?? '[]'));
      expect(queued).toHaveLength(1);
      expect(queued[0].request).toMatchObject({ phone, location: ADDRESS });

      await context.setOffline(false);
      await page.getByText('Help is on the way!').waitFor({ state: 'visible' });
      await page.getByText('Emergency request sent!').waitFor({ state: 'visible' });
      expect(await page.getByText('Request saved offline - waiting for signal').isHidden()).toBe(true);
      const shownId = (await page.getByText(/^Job ID:/).locator('strong').textContent())?.trim();
      await page.getByText('Photo received.').waitFor({ state: 'visible' });
      const photos = await journey.stack.api.dataSource.getRepository(JobPhotoEntity).findBy({ jobId: shownId });
      expect(photos.map((photo) => photo.contentType)).toEqual(['image/png']);

      // Opening the page again must not send it a second time. The page sends what it has queued as
      // it opens, before it asks where the phone is: its location lookup comes after any resend would have.
      const resent: string[] = [];
      context.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/(sos|jobs)$/.test(new URL(request.url()).pathname)) resent.push(request.url());
      });
      const located = page.waitForRequest((request) => request.url().startsWith('https://nominatim.openstreetmap.org/reverse'));
      await page.reload();
      await page.getByText("Emergency 4x4 Recovery - We're here to help!").waitFor({ state: 'visible' });
      await located;
      expect(resent).toEqual([]);
      expect(await jobsFor()).toBe(1);
      expect(admin.received<Job>('job:created', (created: Job) => created.phone === phone).map((created) => created.id)).toEqual([shownId]);
      expect(await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('emergencyQueue'))).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'sends an SOS queued before the page was closed, with its photo, when the page is opened again',
    async () => {
      const phone = '0412 999 111';
      await page.goto(`${journey.stack.api.baseUrl}/sos`);
      await eventually(async () => (await page.getByLabel('Location', { exact: true }).inputValue()) === ADDRESS, 15_000, 100);
      await context.setOffline(true);
      await page.getByLabel('Phone', { exact: true }).fill(phone);
      await page.locator('#sos-photo').setInputFiles(PHOTO);
      await page.getByRole('button', { name: 'Send Emergency Request' }).click();
      await page.getByText('Request saved offline - waiting for signal').waitFor({ state: 'visible' });
      await page.close();

      await context.setOffline(false);
      page = await context.newPage();
      await page.goto(`${journey.stack.api.baseUrl}/sos`);
      await page.getByText('Help is on the way!').waitFor({ state: 'visible' });
      await page.getByText('Photo received.').waitFor({ state: 'visible' });

      const jobs = await journey.stack.api.dataSource.getRepository(JobEntity).findBy({ phone });
      expect(jobs).toHaveLength(1);
      expect(await journey.stack.api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: jobs[0].id })).toBe(1);
    },
    TIMEOUT,
  );

  it(
    'has the service worker send an SOS queued without signal once the signal is back, with the page closed and not opened again',
    async () => {
      const phone = '0412 999 333';
      const { baseUrl } = journey.stack.api;
      const jobsFor = () => journey.stack.api.dataSource.getRepository(JobEntity).countBy({ phone });
      await page.goto(`${baseUrl}/sos`);
      // The worker takes the page it was installed from (clients.claim): the SOS goes through it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await eventually(async () => (await page.getByLabel('Location', { exact: true }).inputValue()) === ADDRESS, 15_000, 100);
      await context.setOffline(true);
      await page.getByLabel('Phone', { exact: true }).fill(phone);
      await page.getByRole('button', { name: 'Send Emergency Request' }).click();
      await page.getByText('Request saved offline - waiting for signal').waitFor({ state: 'visible' });
      await page.close();
      // Nothing went while there was no signal; once it is back, only the service worker can send it.
      expect(await jobsFor()).toBe(0);
      await context.setOffline(false);

      // Chromium fires Background Sync when it sees the connection come back, which headless it may
      // not see: DevTools fires the worker's sync event too, from a page that runs no app code. A
      // second sync finds the queue empty (and the Idempotency-Key would make a resend the same job).
      const devtoolsPage = await context.newPage();
      await devtoolsPage.goto(`${baseUrl}/api/health`);
      const devtools = await context.newCDPSession(devtoolsPage);
      const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
      devtools.on('ServiceWorker.workerRegistrationUpdated', (update) => registrations.push(...update.registrations));
      await devtools.send('ServiceWorker.enable');
      const registration = await eventually(() => registrations.find((entry) => entry.scopeURL === `${baseUrl}/` && !entry.isDeleted));
      await devtools.send('ServiceWorker.dispatchSyncEvent', {
        origin: baseUrl,
        registrationId: registration.registrationId,
        tag: 'workbox-background-sync:sos-requests',
        lastChance: false,
      });
      await eventually(async () => (await jobsFor()) === 1, 15_000, 100);
      await devtoolsPage.close();

      // The page's own queue still holds it; opening the page resends it with the same key: still one job.
      page = await context.newPage();
      await page.goto(`${baseUrl}/sos`);
      await page.getByText('Help is on the way!').waitFor({ state: 'visible' });
      expect(await jobsFor()).toBe(1);
      expect(admin.received<Job>('job:created', (created: Job) => created.phone === phone)).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    "opens a customer's dashboard by job id and the phone's last four digits, remembers it, and keeps an active job current live",
    async () => {
      const phone = '0412 555 666';
      const job: Job = (await journey.stack.api.client().post('/api/jobs', { customerName: 'Robin Shaw', phone, location: 'Dampier Road' })).body.job;
      await page.goto(`${journey.stack.api.baseUrl}/dashboard`);
      await page.getByText('Access Your Dashboard').waitFor({ state: 'visible' });
      await page.getByLabel('Job ID').fill(job.id);
      await page.getByLabel('Last 4 digits of your phone').fill('5666');
      await page.getByLabel('Last 4 digits of your phone').press('Enter');
      await page.getByText('Welcome back, Robin Shaw!').waitFor({ state: 'visible' });
      await page.getByText(job.id).waitFor({ state: 'visible' });
      expect(await page.getByRole('link', { name: 'Track Live' }).getAttribute('href')).toBe(`/customer-portal?search=${job.id}`);

      const adminClient = await journey.stack.api.adminClient();
      const changed = await adminClient.request('PATCH', `/api/jobs/${job.id}`, { status: 'In Progress' });
      expect(changed.status).toBe(200);
      await page.getByText('In Progress').waitFor({ state: 'visible' });
      // The board decides the progress a status brings; the card shows whatever it decided.
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(changed.body.job.progress));

      await page.reload();
      await page.getByText('Welcome back, Robin Shaw!').waitFor({ state: 'visible' });
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Sign Out of Dashboard' }).click();
      await page.getByText('Access Your Dashboard').waitFor({ state: 'visible' });
    },
    TIMEOUT,
  );

  it(
    'rates a completed job from its Rate link, once',
    async () => {
      const job: Job = (await journey.stack.api.client().post('/api/jobs', { customerName: 'Jo Lim', phone: '0412 808 909' })).body.job;
      const adminClient = await journey.stack.api.adminClient();
      expect((await adminClient.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);

      const { trackingToken } = (await findJobWithToken(journey.stack.api.dataSource, job.id))!;
      await page.goto(`${journey.stack.api.baseUrl}/feedback?job=${job.id}&token=${trackingToken}`);
      await page.getByText(`${job.id} - 4x4 Recovery`).waitFor({ state: 'visible' });
      for (const label of ['Overall rating', 'Service quality', 'Response time', 'Communication', 'Value for money']) {
        await page.locator('.ant-form-item', { hasText: label }).locator('.ant-rate-star').nth(4).click();
      }
      await page.getByLabel('Tell us about your experience').fill('Came out at 2am and had us moving in 20 minutes.');
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await page.getByText('Feedback Submitted!').waitFor({ state: 'visible' });

      const stored = await journey.stack.api.dataSource.getRepository(FeedbackEntity).findBy({ jobId: job.id });
      expect(stored.map(({ rating, serviceQuality, value, recommend }) => ({ rating, serviceQuality, value, recommend }))).toEqual([
        { rating: 5, serviceQuality: 5, value: 5, recommend: 'yes' },
      ]);
      await page.getByText('No Completed Services').waitFor({ state: 'visible' });

      // The same link again says the job was rated instead of showing the form.
      await page.reload();
      await page.getByText('This job has already been rated').waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: 'Submit Feedback' }).count()).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'sends a queued SOS by itself once a failing network recovers with no event at all, once',
    async () => {
      const phone = '0412 999 222';
      // No service worker (as on an iPhone): only the page itself can resend.
      const quiet = await journey.newContext({ ...PHONE_IN_THE_PILBARA, serviceWorkers: 'block' });
      await quiet.route(GEOCODER, (route) => route.fulfill({ json: { display_name: ADDRESS } }));
      let networkDown = true;
      let attempts = 0;
      await quiet.route('**/api/sos', (route) => {
        attempts += 1;
        return networkDown ? route.abort('internetdisconnected') : route.continue();
      });
      const sosPage = await quiet.newPage();
      await sosPage.goto(`${journey.stack.api.baseUrl}/sos`);
      await eventually(async () => (await sosPage.getByLabel('Location', { exact: true }).inputValue()) === ADDRESS, 15_000, 100);
      await sosPage.getByLabel('Phone', { exact: true }).fill(phone);
      await sosPage.getByRole('button', { name: 'Send Emergency Request' }).click();
      await sosPage.getByText('Request saved offline - waiting for signal').waitFor({ state: 'visible' });
      await sosPage.getByRole('button', { name: 'Send now' }).waitFor({ state: 'visible' });
      // The page retries by itself while the network still fails...
      await eventually(() => attempts >= 2, 20_000, 100);
      // ...and the network comes back silently: no online event, no focus, no reload. The page's
      // next retry of its own is what gets through.
      networkDown = false;
      const triedBefore = attempts;
      // However long its backoff has grown (MAX_RETRY_MS): the test's timeout is the limit.
      await sosPage.getByText('Help is on the way!').waitFor({ state: 'visible', timeout: 0 });
      expect(attempts).toBe(triedBefore + 1);
      const jobs = await journey.stack.api.dataSource.getRepository(JobEntity).findBy({ phone });
      expect(jobs).toHaveLength(1);
    },
    60_000,
  );
});
