import type { ConsoleMessage, Page } from 'playwright-core';
import { BUSINESS, toE164 } from '@towing/contracts';
import { PHONE_IN_THE_PILBARA } from './browser.js';
import { useJourney } from './journey.js';

const TIMEOUT = 90_000;
const CALL_HREF = `tel:${toE164(BUSINESS.phone)}`;

/** React reports a hydration mismatch as a console error (minified in production builds as "Minified React error #418"). */
const isReactError = (message: ConsoleMessage) => message.type() === 'error' && /hydrat|Minified React error|React error/i.test(message.text());

async function reactErrorsOn(page: Page, path: string, hydrated: (page: Page) => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (isReactError(message)) errors.push(message.text());
  });
  await page.goto(path);
  await hydrated(page);
  return errors;
}

describe('pages built to HTML ahead: they work before any script runs and hydrate cleanly', () => {
  const journey = useJourney();
  const url = (path: string) => `${journey.stack.api.baseUrl}${path}`;

  it('sends the SOS form, its banner and its call and SMS links in the HTML itself', async () => {
    for (const path of ['/sos', '/emergency']) {
      const response = await fetch(url(path), { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      const html = await response.text();
      expect(html).toContain('Emergency 4x4 Recovery - We&#x27;re here to help!');
      expect(html).toContain(`href="${CALL_HREF}"`);
      expect(html).toMatch(/href="sms:[^"]+"/);
      expect(html).toMatch(/<form class="sos-form"/);
      expect(html).toContain('Send Emergency Request');
      // Its look comes inline with it, not from a stylesheet still on its way.
      expect(html).toMatch(/<style>[^<]*\.sos-banner\{/);
      // Nothing competes with the page for the signal before it has painted: its one script fetches the app afterwards.
      expect(html).not.toContain('rel="modulepreload"');
      expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/start-after-paint-[^"]+\.js" data-app="\/assets\/index-[^"]+\.js" data-preload="[^"]+">$/)]);
      // Nor does the tab's icon: it comes inside the HTML.
      expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    }
    // A page that is not prerendered shows nothing until its scripts run, so it fetches them at once.
    const portal = await (await fetch(url('/customer-portal'))).text();
    expect(portal).toContain('rel="modulepreload"');
    const home = await (await fetch(url('/'))).text();
    expect(home).toContain('4x4 Recovery &amp; Mobile Mechanics in Karratha');
  });

  it(
    'shows the call link, the SMS link and the form on a phone with JavaScript turned off',
    async () => {
      const context = await journey.newContext({ ...PHONE_IN_THE_PILBARA, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(url('/sos'));
      const call = page.getByRole('link', { name: `Call ${BUSINESS.phone}` }).first();
      expect(await call.isVisible()).toBe(true);
      expect(await call.getAttribute('href')).toBe(CALL_HREF);
      expect(await page.getByRole('link', { name: 'Send SMS' }).isVisible()).toBe(true);
      expect(await page.getByLabel('Phone', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Send Emergency Request' }).isVisible()).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'hydrates /sos and the home page without a React error, and the pages then work as the app',
    async () => {
      const context = await journey.newContext();
      await context.route('https://nominatim.openstreetmap.org/**', (route) => route.abort());
      const sos = await context.newPage();
      const sosErrors = await reactErrorsOn(sos, url('/sos'), async (page) => {
        // The GPS fix lands in the location box from an effect: the page is hydrated and live.
        await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#sos-location')?.value ?? '').startsWith('GPS:'));
      });
      await sos.getByLabel('Phone', { exact: true }).fill('0412 345 678');
      expect(await sos.getByRole('button', { name: 'Send Emergency Request' }).isEnabled()).toBe(true);
      expect(sosErrors).toEqual([]);

      const home = await context.newPage();
      const homeErrors = await reactErrorsOn(home, url('/'), async (page) => {
        // The HTML says "Connecting…" in the Live Status card; the figures land from an effect once
        // the page has hydrated and its socket has connected: the page is live.
        await page.getByTestId('live-drivers').waitFor({ state: 'attached' });
      });
      // A client-side navigation only works once the router has hydrated, and keeps the window:
      // a full page load would wipe this mark.
      await home.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
      await home.getByRole('link', { name: 'STUCK NOW' }).first().click();
      await home.getByText("Emergency 4x4 Recovery - We're here to help!").waitFor({ state: 'visible' });
      expect(new URL(home.url()).pathname).toBe('/sos');
      expect(await home.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
      expect(homeErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
