import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Job } from '@towing/contracts';
import { findJobWithToken, JobPhotoEntity, JobPositionEntity } from '@towing/db';
import { eventually, type TestClient } from '@towing/testkit';
import { PHONE_IN_THE_PILBARA } from './browser.js';
import { useJourney } from './journey.js';

/** A stranded driver on the Millstream road, and where the truck starts: about 14 km apart. */
const SCENE = { lat: -21.59, lng: 117.07 };
const TRUCK_START = { latitude: -21.7, longitude: 117.0 };
const DRIVER = { username: 'sam.field', password: 'tow-truck-2026', firstName: 'Sam', lastName: 'Walsh', email: 'sam@towing.test', phone: '0412 555 010' };

describe("the driver's phone in the field", () => {
  const journey = useJourney({ worker: false });
  let admin: TestClient;
  let sam: TestClient;

  beforeAll(async () => {
    admin = await journey.stack.api.adminClient();
    expect((await admin.post('/api/drivers', DRIVER)).status).toBe(201);
    sam = journey.stack.api.client();
    expect((await sam.post('/api/auth/login', { username: DRIVER.username, password: DRIVER.password })).status).toBe(200);
  });

  /** An SOS the driver took and moved on with taps from another phone: On my way, and On scene for 'In Progress'. */
  async function dispatchedSos(phone: string, status: 'En Route' | 'In Progress'): Promise<Job> {
    const job = (await journey.stack.api.client().post('/api/sos', { phone, customerName: 'Robin Hale', gps: SCENE }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
    const taps = [{ kind: 'take' }, { kind: 'enRoute', etaMinutes: 30 }, ...(status === 'In Progress' ? [{ kind: 'onScene' }] : [])];
    for (const tap of taps) {
      const answer = await sam.post(`/api/driver/jobs/${job.id}/taps`, { ...tap, madeAt: new Date().toISOString() }, { 'Idempotency-Key': randomUUID() });
      expect(answer.status).toBe(200);
    }
    return job;
  }

  async function driverPhone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await journey.newContext({ ...PHONE_IN_THE_PILBARA, geolocation: TRUCK_START });
    const page = await context.newPage();
    await page.goto(`${journey.stack.api.baseUrl}/driver`);
    await page.getByLabel('Username').fill(DRIVER.username);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return { context, page };
  }

  async function trackingPage(job: Job): Promise<Page> {
    const { trackingToken } = (await findJobWithToken(journey.stack.api.dataSource, job.id))!;
    const page = await (await journey.newContext()).newPage();
    await page.goto(`${journey.stack.api.baseUrl}/customer-portal?search=${encodeURIComponent(job.id)}&token=${trackingToken}`);
    return page;
  }

  const positionsOf = (job: Job) => journey.stack.api.dataSource.getRepository(JobPositionEntity).find({ where: { jobId: job.id }, order: { fixedAt: 'ASC' } });

  it("shares the truck's position with that job's tracking page while it is on its way, and stops when the job completes", async () => {
    const job = await dispatchedSos('0412 555 101', 'En Route');
    const customer = await trackingPage(job);
    const { context, page } = await driverPhone();

    await page.getByTestId('position-sharing').getByText('Sharing your position with the customer').waitFor();
    await eventually(async () => (await positionsOf(job)).length === 1, 20_000);
    const truck = customer.getByTestId('truck-position');
    await truck.getByText(/14\.\d km away in a straight line, arriving in about 1\d min/).waitFor();
    await truck.getByText(/updated \d+ s ago/).waitFor();
    await customer.locator('.truck-map .truck-pin').waitFor();

    // 1.3 km closer: past 150 m, so the phone sends at once and the page follows.
    await context.setGeolocation({ latitude: -21.69, longitude: 117.007 });
    await eventually(async () => (await positionsOf(job)).length === 2, 20_000);
    await truck.getByText(/12\.9 km away in a straight line/).waitFor();

    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
    await customer.getByText('Your truck').waitFor({ state: 'detached' });
    await page.getByRole('article', { name: `Job ${job.id}` }).waitFor({ state: 'detached' });
    // The phone has stopped watching: another move sends nothing, and nothing was refused.
    await context.setGeolocation({ latitude: -21.6, longitude: 117.06 });
    await page.reload();
    await page.getByText('Nothing assigned to you.').waitFor();
    expect(await positionsOf(job)).toHaveLength(2);
    expect(await page.getByText(/Not done:/).count()).toBe(0);
  });

  it('says when the position is old instead of showing it as where the truck is', async () => {
    const job = await dispatchedSos('0412 555 102', 'En Route');
    const fixedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    expect((await admin.post(`/api/jobs/${job.id}/positions`, { fixes: [{ lat: -21.7, lng: 117.0, fixedAt }] })).status).toBe(200);
    const customer = await trackingPage(job);
    await customer.getByText(/The truck's position was updated 5 min ago: it may be out of mobile range, and it has moved since\./).waitFor();
    expect(await customer.getByText(/km away in a straight line/).count()).toBe(0);
  });

  it('keeps photos and the signature made without signal, and delivers each once with the time it was made', async () => {
    const job = await dispatchedSos('0412 555 103', 'In Progress');
    const { context, page } = await driverPhone();
    const card = page.getByRole('region', { name: `On the job ${job.id}` });
    await card.waitFor();

    await context.setOffline(true);
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#b45309' } }).jpeg().toBuffer();
    const before = Date.now();
    await card.getByLabel(`Photo at pickup of ${job.id}`).setInputFiles({ name: 'pickup.jpg', mimeType: 'image/jpeg', buffer: photo });
    await card.getByRole('button', { name: 'Customer signs to release' }).click();
    const pad = card.getByLabel('Signature box');
    // Where the pad is once it has stopped moving in (a trial click waits for that and clicks
    // nothing): measured while it still opens, the strokes land beside it on a busy machine.
    await pad.click({ trial: true });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 30, { steps: 8 });
    await page.mouse.up();
    await card.getByLabel('Name of the person signing').fill('Robin Hale');
    await card.getByRole('button', { name: 'Release vehicle' }).click();
    const queue = page.getByRole('region', { name: 'Not sent yet' });
    await queue.getByText(`Photo at pickup · ${job.id}`).waitFor();
    await queue.getByText(`Customer signature · ${job.id}`).waitFor();
    const madeBy = Date.now();
    expect(await journey.stack.api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id })).toBe(0);

    await context.setOffline(false);
    await queue.getByText(`Customer signature · ${job.id}`).waitFor({ state: 'detached', timeout: 30_000 });
    const stored = await journey.stack.api.dataSource.getRepository(JobPhotoEntity).find({ where: { jobId: job.id }, order: { id: 'ASC' } });
    expect(stored.map((row) => [row.kind, row.signedBy])).toEqual([
      ['pickup', null],
      ['signature', 'Robin Hale'],
    ]);
    for (const row of stored) {
      // Made on the phone while it was offline; arrived after it came back.
      expect(row.takenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.takenAt!.getTime()).toBeLessThanOrEqual(madeBy);
      expect(row.createdAt.getTime()).toBeGreaterThan(madeBy);
    }
    const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as Array<{ message: string }>;
    expect(history.filter((line) => /^Photo at pickup taken at|^Vehicle released: signed by Robin Hale/.test(line.message))).toHaveLength(2);
  });
});
