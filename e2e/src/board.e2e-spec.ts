import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { isoToPerthLocal, type Job, type JobHistoryEntry } from '@towing/contracts';
import { eventually, TEST_ADMIN, type TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';
import { OFFICE_PC, signInToBoard } from './browser.js';

const TIMEOUT = 90_000;
/** The office PC with a wider screen. */
const OFFICE: BrowserContextOptions = { ...OFFICE_PC, viewport: { width: 1440, height: 900 } };
/** A valid 1x1 PNG: a map tile the browser can draw, and a photo it can show. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const FIX = { lat: -20.6452, lng: 117.1894, accuracyM: 18 };
/** Past Newman, some 300 km south-east of Karratha: far outside the service area. */
const NEWMAN = { lat: -23.36, lng: 119.73, accuracyM: 25 };

/** The map's tiles come from here: the test's own tile server, standing in for OpenStreetMap. */
class TileServer {
  readonly requested: string[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.requested.push(request.url ?? '');
      if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PNG);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The built board asks OpenStreetMap (the default tile URL); the browser is sent here instead. */
  async serve(context: BrowserContext): Promise<void> {
    await context.route('https://tile.openstreetmap.org/**', async (route) => {
      const answer = await fetch(`${this.url}${new URL(route.request().url()).pathname}`);
      await route.fulfill({ status: answer.status, contentType: 'image/png', body: Buffer.from(await answer.arrayBuffer()) });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('the board built for emergencies, in Chromium', () => {
  const journey = useJourney();
  const tiles = new TileServer();
  let admin: TestClient;

  beforeAll(async () => {
    await tiles.start();
    admin = await journey.stack.api.adminClient();
  }, 60_000);

  afterAll(async () => {
    await tiles.stop();
  });

  /** A dispatcher's browser on the office PC, signed in through the board's prompt. */
  async function openBoard(): Promise<Page> {
    const office = await journey.newContext(OFFICE);
    await tiles.serve(office);
    const board = await office.newPage();
    await signInToBoard(board, journey.stack.api.baseUrl);
    await board.locator('.board-map .leaflet-tile-loaded').first().waitFor();
    return board;
  }

  /** The full card of an open SOS: shown at once when it is the oldest, else opened from its row under the card shown. */
  async function sosCard(board: Page, jobId: string): Promise<Locator> {
    const card = board.getByTestId(`sos-${jobId}`);
    const row = board.getByRole('button', { name: new RegExp(`^SOS ${jobId}, `) });
    await card.or(row).waitFor();
    if (await row.isVisible()) await row.click();
    await card.waitFor();
    return card;
  }

  /** An SOS as the phone sends it: the structured fix, then the photo under the same Idempotency-Key. */
  async function sendSos(name: string, fix = FIX): Promise<{ job: Job; key: string }> {
    const key = randomUUID();
    const response = await journey.stack.api
      .client()
      .post('/api/sos', { phone: '0412 555 019', customerName: name, situation: 'Rolled onto its side on the Roebourne-Wittenoom Road', gps: { ...fix, fixedAt: new Date().toISOString() } }, { 'Idempotency-Key': key });
    expect(response.status).toBe(201);
    return { job: response.body.job as Job, key };
  }

  /** Where an element rests once the map has stopped moving: the same box twice in a row, no zoom under way. */
  async function settled(board: Page, element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
    let last = '';
    return eventually(
      async () => {
        const box = await element.boundingBox();
        const zooming = await board.locator('.board-map.leaflet-zoom-anim').count();
        const same = box !== null && zooming === 0 && JSON.stringify(box) === last;
        last = JSON.stringify(box);
        return same ? box : null;
      },
      10_000,
      100,
    );
  }

  async function attachPhoto(jobId: string, key: string): Promise<void> {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'scene.png');
    const response = await fetch(`${journey.stack.api.baseUrl}/api/jobs/${jobId}/photos`, { method: 'POST', body: form, headers: { 'Idempotency-Key': key } });
    expect(response.status).toBe(201);
  }

  it(
    'draws the service area from its own tile server, pins a new SOS live in red above the tabs, shows its photo on the card, and a pin click opens the job card',
    async () => {
      const board = await openBoard();
      expect(tiles.requested.some((path) => /^\/7\/\d+\/\d+\.png$/.test(path))).toBe(true);
      await board.locator('.board-map path.leaflet-interactive, .board-map svg path').first().waitFor({ state: 'attached' });
      // The map sits above the tabs, whichever tab is open.
      await board.getByRole('tab', { name: 'Contact Messages' }).click();
      expect(await board.locator('.board-map').isVisible()).toBe(true);

      const { job, key } = await sendSos('Rhys Tulloch');
      const pin = board.locator(`.board-pin-sos[title="SOS ${job.id}: Rhys Tulloch"]`);
      await pin.waitFor();
      const card = await sosCard(board, job.id);
      expect(await card.getByRole('link', { name: 'Google Maps' }).getAttribute('href')).toContain('query=-20.645200,117.189400');
      expect(await card.getByRole('link', { name: /Call 0412 555 019/ }).getAttribute('href')).toBe('tel:+61412555019');
      expect(await card.getByText(/within 18 m · fixed/).count()).toBe(1);

      await attachPhoto(job.id, key);
      const thumbnail = card.getByRole('img', { name: `Photo 1 of ${job.id}` });
      await thumbnail.waitFor();
      await eventually(() => thumbnail.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0), 10_000, 100);
      expect(await thumbnail.getAttribute('src')).toMatch(new RegExp(`^/api/jobs/${job.id}/photos/\\d+$`));

      await pin.click();
      const jobCard = board.getByTestId(`job-card-${job.id}`);
      await jobCard.waitFor();
      expect(await jobCard.getByText('Rhys Tulloch').count()).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'acknowledges an SOS with one click: recorded with who and when, and gone from every board at once',
    async () => {
      const [mine, colleagues] = [await openBoard(), await openBoard()];
      const { job } = await sendSos('Ngaire Wilson');
      await Promise.all([sosCard(mine, job.id), sosCard(colleagues, job.id)]);

      await mine.getByTestId(`sos-${job.id}`).getByRole('button', { name: 'Acknowledge' }).click();
      await colleagues.getByTestId(`sos-${job.id}`).waitFor({ state: 'detached' });
      await mine.getByTestId(`sos-${job.id}`).waitFor({ state: 'detached' });

      const stored = ((await admin.get('/api/jobs')).body as Job[]).find((candidate) => candidate.id === job.id)!;
      expect(stored.acknowledgement?.by).toBe(TEST_ADMIN.username);
      const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[];
      expect(history.at(-1)).toMatchObject({ actor: TEST_ADMIN.username, message: 'SOS acknowledged' });

      // The colleague opens the job from its pin and sees who has it.
      await colleagues.locator(`.board-pin-sos[title="SOS ${job.id}: Ngaire Wilson"]`).click();
      await colleagues.getByTestId(`job-card-${job.id}`).getByText(`Acknowledged by ${TEST_ADMIN.username}`).waitFor();
    },
    TIMEOUT,
  );

  it(
    "shows the customer the real time of each change, live: the dispatcher's ETA and Mark En Route, nothing invented",
    async () => {
      const board = await openBoard();
      const { job } = await sendSos('Mei Anderson');
      // The driver opens the tracking link from the text that said help is on the way.
      const trackingLink = await eventually(() =>
        journey.stack.twilio.received.map((sms) => /(http\S+\/customer-portal\?\S+)/.exec(sms.body)?.[1]).find((link) => link?.includes(job.id)),
      );
      const phone = await journey.newContext();
      const portal = await phone.newPage();
      await portal.goto(trackingLink);
      await portal.getByText('Job created and assigned to our team').waitFor();
      await portal.getByText('Live updates on').waitFor();
      expect(await portal.getByText('Driver en route').count()).toBe(0);

      // The dispatcher corrects the ETA on the job card; the customer's page follows.
      await (await sosCard(board, job.id)).getByRole('button', { name: 'Open job' }).click();
      const jobCard = board.getByTestId(`job-card-${job.id}`);
      const eta = new Date(Date.now() + 50 * 60_000);
      await jobCard.getByLabel('ETA').fill(isoToPerthLocal(eta));
      await jobCard.getByRole('button', { name: 'Set ETA' }).click();
      await jobCard.getByText(/^ETA set to /).waitFor();

      await jobCard.getByRole('button', { name: 'Mark En Route' }).click();
      await portal.getByText('Driver en route').waitFor();

      const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[];
      const enRoute = history.find((entry) => entry.status === 'En Route')!;
      const shown = await portal.locator('.portal-timeline time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
      expect(shown).toEqual([job.createdAt, enRoute.at]);
      expect(shown.every((at) => Date.parse(at) <= Date.now())).toBe(true);
      // The old page timed 'Driver en route' 15 minutes after creation, whatever really happened.
      expect(Date.parse(enRoute.at) - Date.parse(job.createdAt)).toBeLessThan(15 * 60_000);
    },
    TIMEOUT,
  );

  it(
    "fits the map to a new SOS far outside the service area, and keeps the dispatcher's own zoom through pushes that move no pin",
    async () => {
      const board = await openBoard();
      const { job: near } = await sendSos('Cody Marsh');
      const nearPin = board.locator(`.board-pin-sos[title="SOS ${near.id}: Cody Marsh"]`);
      await nearPin.waitFor();
      await settled(board, nearPin);

      await board.getByRole('button', { name: 'Zoom in' }).click();
      await board.locator('.board-map img.leaflet-tile-loaded[src*="/8/"]').first().waitFor();
      const zoomed = await settled(board, nearPin);

      // Pushes that move no pin: the SOS assigned, and a job phoned in without a position.
      expect((await admin.request('PATCH', `/api/jobs/${near.id}`, { assignedTo: 'Dean' })).status).toBe(200);
      const phoned = await admin.post('/api/jobs', { customerName: 'Rio Fleet', phone: '0491 570 110', service: 'Engine Service', location: 'Tom Price mine gate' });
      expect(phoned.status).toBe(201);
      await board.getByLabel('Open jobs without a position').getByRole('button', { name: (phoned.body.job as Job).id }).waitFor();
      expect(await settled(board, nearPin)).toEqual(zoomed);

      const { job: far } = await sendSos('Ari Newman', NEWMAN);
      const farPin = board.locator(`.board-pin-sos[title="SOS ${far.id}: Ari Newman"]`);
      await farPin.waitFor();
      const map = (await board.locator('.board-map').boundingBox())!;
      for (const pin of [farPin, nearPin]) {
        const { x, y, width, height } = await settled(board, pin);
        const [centreX, centreY] = [x + width / 2, y + height / 2];
        expect(centreX >= map.x && centreX <= map.x + map.width && centreY >= map.y && centreY <= map.y + map.height).toBe(true);
      }
    },
    TIMEOUT,
  );
});
