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
  const journey = useJourney({ worker: false });
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
      expect(html).toMatch(/<form [^>]*class="sos-form"/);
      expect(html).toContain('Send Emergency Request');
      // Its look comes inline with it, not from a stylesheet still on its way.
      expect(html).toMatch(/<style>[^<]*\.sos-banner\{/);
      // Nothing competes with the page for the signal before it has painted: its one script then
      // fetches the page's own, small, not the app's (nothing of React, the router or the shell runs here).
      expect(html).not.toContain('rel="modulepreload"');
      expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/start-after-paint-[^"]+\.js" data-app="\/assets\/sos-[^"]+\.js" data-preload="[^"]+">$/)]);
      expect(html).not.toMatch(/react-|index-/);
      // Nor does the tab's icon: it comes inside the HTML.
      expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    }
    // Any other prerendered page starts the app the same way.
    const about = await (await fetch(url('/about'))).text();
    expect(about).not.toContain('rel="modulepreload"');
    expect(about.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/start-after-paint-[^"]+\.js" data-app="\/assets\/index-[^"]+\.js" data-preload="[^"]+">$/)]);
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
    'runs its own script on /sos, no React, and hydrates the home page cleanly, whose STUCK NOW loads /sos as a page of its own',
    async () => {
      const context = await journey.newContext();
      await context.route('https://nominatim.openstreetmap.org/**', (route) => route.abort());
      const sos = await context.newPage();
      const scripts: string[] = [];
      sos.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const sosErrors = await reactErrorsOn(sos, url('/sos'), async (page) => {
        // The GPS fix lands in the location box once the page's script runs: the page is live.
        await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#sos-location')?.value ?? '').startsWith('GPS:'));
      });
      await sos.getByLabel('Phone', { exact: true }).fill('0412 345 678');
      expect(await sos.getByRole('button', { name: 'Send Emergency Request' }).isEnabled()).toBe(true);
      expect(sosErrors).toEqual([]);
      expect(scripts.filter((path) => /react-|index-/.test(path))).toEqual([]);

      const home = await context.newPage();
      const homeErrors = await reactErrorsOn(home, url('/'), async (page) => {
        // The HTML says "Connecting…" in the Live Status card; the figures land from an effect once
        // the page has hydrated and its socket has connected: the page is live.
        await page.getByTestId('live-drivers').waitFor({ state: 'attached' });
      });
      // The app's own links into /sos are full page loads, which wipe this mark.
      await home.evaluate(() => ((globalThis as unknown as { loadedOnce: boolean }).loadedOnce = true));
      await Promise.all([home.waitForEvent('load'), home.getByRole('link', { name: 'STUCK NOW' }).first().click()]);
      await home.getByText("Emergency 4x4 Recovery - We're here to help!").waitFor({ state: 'visible' });
      expect(new URL(home.url()).pathname).toBe('/sos');
      expect(await home.evaluate(() => (globalThis as unknown as { loadedOnce?: boolean }).loadedOnce)).toBeUndefined();
      expect(homeErrors).toEqual([]);
    },
    TIMEOUT,
  );
});
