import { randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import type { Job } from '@towing/contracts';
import type { TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';
import { OFFICE_PC, phoneOfWidth, signInToBoard } from './browser.js';
import { drawn } from './routes.js';
import { overflow, PHONE_WIDTHS } from './fit.js';
import { readsSettled } from './reads-settled.js';

const TIMEOUT = 120_000;

/** Whether an element's top edge is inside the window as the page opened, without scrolling. */
async function topWithinWindow(element: Locator): Promise<boolean> {
  const box = await element.evaluate((node) => ({ top: node.getBoundingClientRect().top + window.scrollY, height: window.innerHeight }));
  return box.top >= 0 && box.top < box.height;
}

describe('pages on a phone', () => {
  const journey = useJourney({ worker: false });
  let admin: TestClient;

  beforeAll(async () => {
    admin = await journey.stack.api.adminClient();
    // A popup announcement is where the board was cut off: the board is measured with one active
    // (every public page is, by the route walk in public-site.e2e-spec.ts).
    const created = await admin.post('/api/announcements', {
      title: 'Millstream road closed',
      message: 'Karratha-Tom Price Road is closed at Millstream after rain; use the Warlu Way detour.',
      type: 'urgent',
      active: true,
      showAsPopup: true,
      showInSidebar: true,
    });
    expect(created.status).toBe(201);
  });

  it(
    'shows the signed-in board at 360 and 390 px within the phone and without the public chrome: no announcement popup or column, footer or floating buttons',
    async () => {
      for (const width of PHONE_WIDTHS) {
        const page = await (await journey.newContext(phoneOfWidth(width))).newPage();
        await signInToBoard(page, journey.stack.api.baseUrl);
        await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
        await readsSettled(page);
        expect(await overflow(page)).toEqual({ page: 0, popup: 0 });
        expect({
          dialogs: await page.getByRole('dialog').count(),
          announcements: await page.getByRole('complementary', { name: 'Announcements' }).count(),
          footer: await page.getByRole('contentinfo').count(),
          stuckNow: await page.getByRole('link', { name: 'STUCK NOW' }).count(),
        }).toEqual({ dialogs: 0, announcements: 0, footer: 0, stuckNow: 0 });
      }
    },
    TIMEOUT,
  );

  it(
    'shows a new SOS with its vehicle above the fold of a 1440x900 board, and a burst as rows under the oldest card, each opening its card',
    async () => {
      const page = await (await journey.newContext({ ...OFFICE_PC, viewport: { width: 1440, height: 900 } })).newPage();
      await signInToBoard(page, journey.stack.api.baseUrl);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      const sent: string[] = [];
      // Three callers, three phones: one phone's repeats would be one job.
      for (const [name, vehicle, phone] of [['Tess Marlow', 'LandCruiser 79', '0412 555 031'], ['Aroha Pene', 'Hilux', '0412 555 032'], ['Jin Park', 'Prado', '0412 555 033']]) {
        const answer = await journey.stack.api
          .client()
          .post('/api/sos', { phone, customerName: name, vehicle, situation: 'Blown tyre on the Pannawonica road' }, { 'Idempotency-Key': randomUUID() });
        expect(answer.status).toBe(201);
        sent.push((answer.body as { job: Job }).job.id);
        if (sent.length === 1) {
          const card = page.getByTestId(`sos-${sent[0]}`);
          await card.getByText('Vehicle: LandCruiser 79').waitFor();
          expect(await topWithinWindow(card)).toBe(true);
        }
      }
      // The burst: the oldest stays the card, the newest is a row within the window; its row opens its card.
      const newest = page.getByRole('button', { name: new RegExp(`^SOS ${sent[2]}, Jin Park, waiting `) });
      await newest.waitFor();
      await page.getByText('2 more waiting').waitFor();
      expect(await topWithinWindow(newest)).toBe(true);
      await newest.click();
      const card = page.getByTestId(`sos-${sent[2]}`);
      await card.getByText('Vehicle: Prado').waitFor();
      expect(await topWithinWindow(card)).toBe(true);
      // Nothing is left open for the other checks to find on the board.
      for (const id of sent) expect((await admin.post(`/api/jobs/${id}/acknowledge`, {})).status).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'answers an unknown path with the not-found page and HTTP 404',
    async () => {
      const page = await (await journey.newContext(phoneOfWidth(390))).newPage();
      const answer = await page.goto(`${journey.stack.api.baseUrl}/no/such/page`);
      expect(answer?.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect((await page.goto(`${journey.stack.api.baseUrl}/quote/Q-2025-0001`))?.status()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'opens a page followed from a link at its top, and Back returns to where the previous page was left',
    async () => {
      const page = await (await journey.newContext(phoneOfWidth(390))).newPage();
      await page.goto(`${journey.stack.api.baseUrl}/`);
      await drawn(page);
      await page.getByRole('button', { name: 'Got it' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
      await footerLink.scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(500);

      await footerLink.click();
      await page.locator('main h1').filter({ hasText: 'Meet' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await page.waitForURL(`${journey.stack.api.baseUrl}/`);
      await page.waitForFunction((top) => Math.abs(window.scrollY - top) <= 1, left);
    },
    TIMEOUT,
  );
});
