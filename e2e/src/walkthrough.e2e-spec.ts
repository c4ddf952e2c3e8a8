import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { useJourney } from './journey.js';
import { OFFICE_PC, signInToBoard } from './browser.js';

const TIMEOUT = 60_000;
/** The office PC with a wider screen, where the walk-through was done. */
const DESKTOP: BrowserContextOptions = { ...OFFICE_PC, viewport: { width: 1440, height: 900 } };

/** True when a click at the middle of the element lands on it, not on something drawn over it. */
function clickable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function box(target: Locator) {
  const found = await target.boundingBox();
  if (!found) throw new Error('element is not visible');
  return found;
}

describe('what the walk-through found, at the viewports it was found at', () => {
  const journey = useJourney({ worker: false });

  /** Every position the page can be scrolled to, in steps shorter than the card, so one fixed anywhere would be caught over any button. */
  async function everyScrollPosition(page: Page, check: () => Promise<void>): Promise<void> {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 60) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await check();
    }
  }

  it(
    "keeps the Live Status card off the home page's emergency call buttons at 1440x900, and off the board's Create Job button",
    async () => {
      const context = await journey.newContext(DESKTOP);
      const page = await context.newPage();
      await page.goto(`${journey.stack.api.baseUrl}/`);
      const card = page.getByRole('region', { name: 'Live Status' });
      await card.waitFor();
      const calls = page.locator('main a[href^="tel:"]');
      expect(await calls.count()).toBeGreaterThan(1);
      await everyScrollPosition(page, async () => {
        for (const call of await calls.all()) {
          // Below the sticky header, which is meant to stay on top.
          const inView = await call.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            return rect.top >= document.querySelector('.site-header')!.getBoundingClientRect().bottom && rect.bottom <= window.innerHeight;
          });
          if (inView) expect(await clickable(call)).toBe(true);
        }
      });

      await signInToBoard(page, journey.stack.api.baseUrl);
      const create = page.getByRole('button', { name: 'Create Job' });
      await create.waitFor();
      expect(await clickable(create)).toBe(true);
      await create.click();
      await page.getByRole('dialog', { name: 'Create Job' }).waitFor();
    },
    // Every scroll position of the whole home page, each call button checked at each.
    TIMEOUT * 3,
  );

  it(
    'puts announcement cards below the SOS form on a phone, not between the driver and the banner',
    async () => {
      const admin = await journey.stack.api.adminClient();
      const created = await admin.post('/api/announcements', {
        title: 'Millstream Road closed',
        message: 'Flooding between the Fortescue crossing and the homestead. Recovery from the north side only until further notice.',
        type: 'warning',
        active: true,
        showAsPopup: false,
        showInSidebar: true,
      });
      expect(created.status).toBe(201);

      const page = await (await journey.newContext()).newPage();
      await page.route('https://nominatim.openstreetmap.org/**', (route) => route.abort());
      await page.goto(`${journey.stack.api.baseUrl}/sos`);
      const announcement = page.getByRole('heading', { name: 'Millstream Road closed' });
      await announcement.waitFor();
      const banner = await box(page.getByText("Emergency 4x4 Recovery - We're here to help!"));
      const header = await box(page.locator('.site-header'));
      const send = await box(page.getByRole('button', { name: 'Send Emergency Request' }));
      expect(banner.y - (header.y + header.height)).toBeLessThan(40);
      expect((await box(announcement)).y).toBeGreaterThan(send.y + send.height);
    },
    TIMEOUT,
  );

  it(
    'keeps the portal search box and its button apart on a phone, and shows the dashboard box placeholder whole',
    async () => {
      const page = await (await journey.newContext()).newPage();
      await page.goto(`${journey.stack.api.baseUrl}/customer-portal`);
      const input = await box(page.getByLabel('Job ID', { exact: true }));
      const search = await box(page.getByRole('button', { name: 'Search' }));
      const apart = search.y >= input.y + input.height + 8 || search.x >= input.x + input.width + 8;
      expect(apart).toBe(true);

      await page.goto(`${journey.stack.api.baseUrl}/dashboard`);
      for (const label of ['Job ID', 'Last 4 digits of your phone']) {
        const lookup = page.getByLabel(label, { exact: true });
        await lookup.waitFor();
        const fits = await lookup.evaluate((element) => {
          const input = element as HTMLInputElement;
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        expect({ label, fits }).toEqual({ label, fits: true });
      }
    },
    TIMEOUT,
  );
});
