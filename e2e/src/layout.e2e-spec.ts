import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { ROUTE_PATTERNS_FILE } from '@towing/contracts';
import { REPO_ROOT, type TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';
import { PHONE_IN_THE_PILBARA, signInToBoard } from './browser.js';

const TIMEOUT = 120_000;
const WIDTHS = [360, 390];
/** A value for each parameter a route pattern has. */
const PARAMETERS: Record<string, string> = { id: 'Q-2025-0001' };

/** Every path of the app's route table as the build wrote it from frontend/src/app/router.tsx, and one that is none. */
function everyRoute(): string[] {
  const patterns = JSON.parse(readFileSync(`${REPO_ROOT}frontend/dist/${ROUTE_PATTERNS_FILE}`, 'utf8')) as string[];
  const paths = patterns.map((pattern) => pattern.replace(/:(\w+)/g, (_whole, name: string) => PARAMETERS[name] ?? name));
  return [...paths, '/no/such/page'];
}

function phone(width: number): BrowserContextOptions {
  return { ...PHONE_IN_THE_PILBARA, viewport: { width, height: 844 } };
}

/** Once the screen has drawn its heading (or the SOS banner) and its reads have settled. */
async function drawn(page: Page): Promise<void> {
  await page.locator('main :is(h1, h2, h3, h4, .ant-card-head-title, .sos-banner)').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

/** How much wider than the window the page is, and the popup, if one is open. */
function overflow(page: Page): Promise<{ page: number; popup: number }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const popup = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
    return { page: document.documentElement.scrollWidth - width, popup: popup ? Math.max(0, popup.right - width, -popup.left) : 0 };
  });
}

describe('pages on a phone', () => {
  const journey = useJourney();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await journey.stack.api.adminClient();
    // A popup announcement is where the board was cut off: every page is measured with one active.
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
    'fits every route of the route table, with its announcement popup, into a 360 and a 390 px wide phone',
    async () => {
      const routes = everyRoute();
      expect(routes).toEqual(expect.arrayContaining(['/', '/sos', '/admin', '/customer-portal', '/karratha', '/quote/Q-2025-0001']));
      const tooWide: string[] = [];
      for (const width of WIDTHS) {
        const page = await (await journey.newContext(phone(width))).newPage();
        for (const path of routes) {
          await page.goto(`${journey.stack.api.baseUrl}${path}`);
          await drawn(page);
          const over = await overflow(page);
          if (over.page > 0 || over.popup > 0) tooWide.push(`${path} at ${width} px: page ${over.page} px, popup ${over.popup} px too wide`);
        }
      }
      expect(tooWide).toEqual([]);
    },
    // Every route twice, each until its reads have settled, on a machine that may be busy.
    8 * TIMEOUT,
  );

  it(
    'shows the signed-in board at 360 and 390 px within the phone and without the public chrome: no announcement popup or column, footer or floating buttons',
    async () => {
      for (const width of WIDTHS) {
        const page = await (await journey.newContext(phone(width))).newPage();
        await signInToBoard(page, journey.stack.api.baseUrl);
        await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
        await page.waitForLoadState('networkidle');
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
    'answers an unknown path with the not-found page and HTTP 404',
    async () => {
      const page = await (await journey.newContext(phone(390))).newPage();
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
      const page = await (await journey.newContext(phone(390))).newPage();
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
