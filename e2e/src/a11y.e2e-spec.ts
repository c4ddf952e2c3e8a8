import type { TestClient } from '@towing/testkit';
import { useJourney } from './journey.js';
import { seriousViolations } from './axe.js';
import { OFFICE_PC, PHONE_IN_THE_PILBARA, signInToBoard } from './browser.js';
import { drawn } from './routes.js';

const TIMEOUT = 120_000;
const PHONE = { ...PHONE_IN_THE_PILBARA, viewport: { width: 390, height: 844 } };

/**
 * Every route of the route table is checked with axe where it is opened anyway, on the public
 * site's walk through them (public-site.e2e-spec.ts): one page load per route for both.
 */
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
