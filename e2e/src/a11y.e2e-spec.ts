import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';
import { OFFICE_PC, PHONE_IN_THE_PILBARA, signInToBoard } from './browser.js';
import { drawn, everyRoute } from './routes.js';

const TIMEOUT = 120_000;
/** WCAG 2.1 at levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { ...PHONE_IN_THE_PILBARA, viewport: { width: 390, height: 844 } };

/** Each serious or critical violation axe finds on the page as it stands: rule, impact, and the elements it names. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

describe('accessibility (axe-core, WCAG 2.1 A and AA) at 390 px', () => {
  const journey = useJourney();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await journey.stack.api.adminClient();
    // The board is checked with what it shows at 3 am: an open SOS, a pending booking and an announcement.
    expect((await journey.stack.api.client().post('/api/sos', { phone: '0412 555 041', customerName: 'Lena Hart', vehicle: 'Navara', situation: 'Flat battery' })).status).toBe(201);
    const announced = await admin.post('/api/announcements', {
      title: 'Millstream road closed',
      message: 'Karratha-Tom Price Road is closed at Millstream after rain.',
      type: 'urgent',
      active: true,
      showAsPopup: false,
      showInSidebar: true,
    });
    expect(announced.status).toBe(201);
  });

  it(
    'finds no serious or critical violation on any route of the route table',
    async () => {
      const page = await (await journey.newContext(PHONE)).newPage();
      const found: string[] = [];
      for (const path of everyRoute()) {
        await page.goto(`${journey.stack.api.baseUrl}${path}`);
        await drawn(page);
        found.push(...(await seriousViolations(page, path)));
      }
      expect(found).toEqual([]);
    },
    // Every route until its reads have settled, then axe over it, on a machine that may be busy.
    6 * TIMEOUT,
  );

  it(
    'finds no serious or critical violation on the signed-in admin board with an open SOS',
    async () => {
      const page = await (await journey.newContext(PHONE)).newPage();
      await signInToBoard(page, journey.stack.api.baseUrl);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await page.getByRole('article', { name: /^SOS / }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, '/admin (signed in)')).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'moves nothing for ever on a PC that asks for reduced motion (WCAG 2.3.3), and blinks the live dot on one that does not',
    async () => {
      const page = await (await journey.newContext(OFFICE_PC)).newPage();
      await page.goto(`${journey.stack.api.baseUrl}/`);
      await drawn(page);
      const endless = () => page.evaluate(() => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity).length);
      expect(await endless()).toBe(0);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await endless()).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
