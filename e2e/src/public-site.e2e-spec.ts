import type { BrowserContext, Page } from 'playwright-core';
import { BUSINESS, type Email } from '@towing/contracts';
import { SocketListener, eventually } from '@towing/testkit';
import { useJourney } from './journey.js';
import { seriousViolations } from './axe.js';
import { drawn, everyRoute } from './routes.js';
import { readsSettled } from './reads-settled.js';
import { OFFICE_PC, phoneOfWidth, signInToBoard, toastShown } from './browser.js';
import { overflow, PHONE_WIDTHS, resizedTo } from './fit.js';

const TIMEOUT = 120_000;
/** A step's own limit: shorter than the test's, so a stuck step is the error reported, and long enough for a loaded machine. */
const STEP_TIMEOUT = 60_000;

/**
 * Every path of the spec's route table. Screens built by this issue are checked for their exact
 * heading and tab title; the others (their own issues) for rendering a heading at all in the shell.
 */
/** `chrome`: 'all' (default) the public header, STUCK NOW and footer; 'no-sos-link' on the SOS screen itself; 'none' on the board and driver mode. */
const ROUTES: Array<{ path: string; heading?: string; title?: string; banner?: string; chrome?: 'all' | 'no-sos-link' | 'none' }> = [
  { path: '/', heading: '4x4 Recovery & Mobile Mechanics in Karratha', title: BUSINESS.name },
  { path: '/services', heading: 'Our Services', title: `Services | ${BUSINESS.name}` },
  { path: '/gallery', heading: 'Gallery', title: `Gallery | ${BUSINESS.name}` },
  { path: '/about', heading: `Meet ${BUSINESS.staff[0].firstName} & ${BUSINESS.staff[1].firstName}`, title: `About Us | ${BUSINESS.name}` },
  { path: '/contact', heading: 'Get In Touch', title: `Contact Us | ${BUSINESS.name}` },
  { path: '/admin', chrome: 'none' },
  { path: '/service-areas', heading: 'Service Areas and Coverage' },
  { path: '/pricing', heading: 'Pricing Guide', title: `Pricing Guide | ${BUSINESS.name}` },
  { path: '/customer-portal' },
  { path: '/customer-portal?search=JOB-2025-1' },
  { path: '/booking' },
  { path: '/book-service' },
  { path: '/service-history' },
  { path: '/feedback' },
  { path: '/dashboard' },
  { path: '/auth', heading: `Welcome to ${BUSINESS.shortName}` },
  { path: '/login', heading: `Welcome to ${BUSINESS.shortName}` },
  { path: '/register', heading: `Welcome to ${BUSINESS.shortName}` },
  { path: '/checkout' },
  { path: '/checkout/success' },
  { path: '/sos', banner: "Emergency 4x4 Recovery - We're here to help!", chrome: 'no-sos-link' },
  { path: '/emergency', banner: "Emergency 4x4 Recovery - We're here to help!", chrome: 'no-sos-link' },
  { path: '/karratha', heading: '4x4 Recovery & Mechanical Repairs in Karratha' },
  { path: '/tom-price', heading: '4x4 Recovery & Repairs in Tom Price' },
  { path: '/dampier', heading: '4x4 Recovery & Repairs in Dampier' },
  { path: '/testimonials', heading: 'Customer Testimonials', title: `Testimonials | ${BUSINESS.name}` },
  { path: '/quote/Q-2025-0001' },
  { path: '/fleet-contracts', heading: 'Fleet & Mining Contracts' },
  { path: '/driver', heading: 'Driver sign in', title: `Driver | ${BUSINESS.name}`, chrome: 'none' },
  { path: '/no/such/page', heading: '404 Page Not Found' },
];

describe('public site in headless Chromium', () => {
  const journey = useJourney();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await journey.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
  });

  it(
    'opens every route of the route table inside the shell at 390 px, with its heading, no CSP violation, no error status for a visitor and no serious or critical axe violation (WCAG 2.1 A and AA), and fits it with its announcement popup into a 360 and a 390 px wide phone',
    async () => {
      expect(ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(everyRoute()));
      // Every public page shows the announcements column and the popup, the widest thing on a phone: one is up while the pages are checked.
      const admin = await journey.stack.api.adminClient();
      const announced = await admin.post('/api/announcements', {
        title: 'Nanutarra road closed',
        message: 'North West Coastal Highway is closed at Nanutarra after rain; use the Pannawonica detour.',
        type: 'urgent',
        active: true,
        showAsPopup: true,
        showInSidebar: true,
      });
      expect(announced.status).toBe(201);
      await page.setViewportSize(phoneOfWidth(390).viewport);
      const violations: string[] = [];
      const tooWide: string[] = [];
      const errorAnswers: string[] = [];
      const inaccessible: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      page.on('response', (response) => {
        // A visitor's page load asks who is signed in and for their jobs: "nobody" is an answer, not a 401.
        if (response.url().includes('/api/') && (response.status() === 401 || response.status() === 403)) errorAnswers.push(`${response.status()} ${response.url()}`);
      });
      for (const route of ROUTES) {
        const answer = await page.goto(`${journey.stack.api.baseUrl}${route.path}`);
        expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
        if (route.banner) {
          // The SOS screen leads with its red banner instead of a heading element.
          await page.locator('main').getByText(route.banner, { exact: true }).waitFor({ state: 'visible' });
        } else {
          const heading = page.locator(route.heading ? 'main h1' : 'main :is(h1, h2, h3, h4, .ant-card-head-title)').first();
          await heading.waitFor({ state: 'visible' });
          const text = (await heading.textContent())?.trim();
          if (route.heading) expect({ path: route.path, heading: text }).toEqual({ path: route.path, heading: route.heading });
          else expect({ path: route.path, heading: text }).toEqual({ path: route.path, heading: expect.stringMatching(/\S/) });
        }
        if (route.title) expect(await page.title()).toBe(route.title);
        const chrome = route.chrome ?? 'all';
        // Every public page but the SOS screen itself offers the way to it; the board shows none of the public chrome.
        if (chrome === 'all') expect({ path: route.path, href: await page.getByRole('link', { name: 'STUCK NOW' }).first().getAttribute('href') }).toEqual({ path: route.path, href: '/sos' });
        if (chrome !== 'none') expect(await page.locator('footer').textContent()).toContain('Serving Greater Metro Area, 50-mile radius');
        else expect(await page.locator('footer').count()).toBe(0);
        // Once its reads have settled, the page as a visitor meets it.
        await readsSettled(page);
        inaccessible.push(...(await seriousViolations(page, route.path)));
        // Then it fits each phone, popup and all, on the one load, as a phone turned or a window resized lays the page out again (the last width is 390 px).
        for (const width of PHONE_WIDTHS) {
          await resizedTo(page, width);
          const over = await overflow(page);
          if (over.page > 0 || over.popup > 0) tooWide.push(`${route.path} at ${width} px: page ${over.page} px, popup ${over.popup} px too wide`);
        }
      }
      expect((await admin.request('DELETE', `/api/announcements/${(announced.body as { id: number }).id}`)).status).toBe(204);
      expect(violations).toEqual([]);
      expect(errorAnswers).toEqual([]);
      expect(inaccessible).toEqual([]);
      expect(tooWide).toEqual([]);
    },
    // Every route until its reads have settled, then axe over it, on a machine that may be busy.
    TIMEOUT * 6,
  );

  it(
    'sends the contact form and the message reaches the admin board as an email',
    async () => {
      const admin = await new SocketListener(journey.stack.api.baseUrl, (await journey.stack.api.adminClient()).cookie).connected();
      try {
        expect(await admin.watchLog('emails')).toEqual({ ok: true });
        const message = `Alternator whine on the Hilux, parked at Nickol ${Date.now()}`;
        await page.goto(`${journey.stack.api.baseUrl}/contact`);
        await page.getByRole('textbox', { name: 'First name' }).fill('Priya');
        await page.getByRole('textbox', { name: 'Last name' }).fill('Sharma');
        await page.getByRole('textbox', { name: 'Phone' }).fill('0412 345 678');
        await page.getByRole('textbox', { name: 'Email' }).fill('priya@example.com');
        await page.getByLabel('Service needed').selectOption('Automotive Repair');
        await page.getByRole('textbox', { name: 'Message' }).fill(message);
        await page.getByRole('button', { name: 'Send Message' }).click();

        await page.getByText('Message sent successfully!').waitFor({ state: 'visible' });
        expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

        const [email] = await eventually(() => {
          const found = admin.received<Email>('email:created', (created) => created.customerInfo?.message === message);
          return found.length ? found : null;
        }, 15_000);
        expect(email).toMatchObject({ to: 'office@towing.test', customerInfo: { name: 'Priya Sharma', phone: '0412 345 678', service: 'Automotive Repair' } });
      } finally {
        admin.close();
      }
    },
    TIMEOUT,
  );

  it(
    'shares a testimonial that shows in the grid, with the default location, once a staff member approves it',
    async () => {
      await page.goto(`${journey.stack.api.baseUrl}/testimonials`);
      await page.getByText('Be the first to share your experience!').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Submit Testimonial' }).click();
      await toastShown(page, 'Name, service, and testimonial are required');

      await page.getByRole('textbox', { name: 'Your name' }).fill('Jo Walsh');
      await page.getByLabel('Service').selectOption('4x4 Recovery - Complex');
      await page.locator('label', { hasText: '4 stars' }).click();
      await page.getByRole('textbox', { name: 'Your testimonial' }).fill('Dragged our Cruiser out of the Fortescue in the dark.');
      await page.getByRole('button', { name: 'Submit Testimonial' }).click();
      await page.getByText('Your testimonial has been submitted successfully').waitFor({ state: 'visible' });
      const card = page.locator('article', { hasText: 'Dragged our Cruiser out of the Fortescue in the dark.' });
      expect(await card.count()).toBe(0);

      const office = await journey.newContext(OFFICE_PC);
      const board = await office.newPage();
      await signInToBoard(board, journey.stack.api.baseUrl);
      await board.getByRole('tab', { name: 'Testimonials' }).click();
      const waiting = board.locator('[data-testid^="testimonial-"]', { hasText: 'Dragged our Cruiser out of the Fortescue in the dark.' });
      await waiting.getByRole('button', { name: 'Approve' }).click();
      await board.getByText('Testimonial approved').waitFor();

      await page.reload();
      await card.waitFor({ state: 'visible' });
      expect(await card.textContent()).toContain('Jo Walsh, Pilbara Region');
      expect(await card.getByLabel('4 out of 5 stars').count()).toBe(1);
    },
    TIMEOUT,
  );

  it(
    'sends a fleet contract inquiry that reaches the office inbox',
    async () => {
      await page.goto(`${journey.stack.api.baseUrl}/fleet-contracts`);
      await page.getByRole('textbox', { name: 'Company name *' }).fill('Red Dirt Haulage Pty Ltd');
      await page.getByRole('textbox', { name: 'Contact person *' }).fill('Sam Whitford');
      await page.getByRole('textbox', { name: 'Email *' }).fill('sam@reddirt.example');
      await page.getByRole('textbox', { name: 'Phone *' }).fill('08 9144 1234');
      await page.getByRole('button', { name: 'Request Proposal' }).click();
      await toastShown(page, 'Missing required information');

      await page.getByLabel('Mining Site Coverage').check();
      await page.getByLabel('Fleet size (optional)').selectOption('16-30');
      await page.getByRole('button', { name: 'Request Proposal' }).click();
      await page.getByText('Contract inquiry submitted!').waitFor({ state: 'visible' });
      await eventually(() => journey.stack.smtp.to('office@towing.test').some((mail) => mail.raw.includes('Red Dirt Haulage')), 15_000);
    },
    TIMEOUT,
  );

  it(
    'installs: serves the web app manifest, and after one visit opens the shell and /sos with no network',
    async () => {
      const manifest = await (await fetch(`${journey.stack.api.baseUrl}/manifest.webmanifest`)).json();
      expect(manifest).toMatchObject({ name: BUSINESS.name, display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

      await page.goto(`${journey.stack.api.baseUrl}/`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.goto(`${journey.stack.api.baseUrl}/sos`);
      await page.getByText("Emergency 4x4 Recovery - We're here to help!").waitFor({ state: 'visible' });
      // Inside the shell: the site's header with the way home.
      expect(await page.locator('header').first().isVisible()).toBe(true);
      // And its script runs, from the worker's cache too: Send waits for a phone number.
      await eventually(() => page.getByRole('button', { name: 'Send Emergency Request' }).isDisabled());
      await context.setOffline(false);
    },
    TIMEOUT,
  );

  it(
    'follows announcements and the Live Status figures live, without reloading',
    async () => {
      const desktop = await journey.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-AU', timezoneId: 'Australia/Perth' });
      const admin = await journey.stack.api.adminClient();
      let announcementId: number | undefined;
      try {
        const screen = await desktop.newPage();
        screen.setDefaultTimeout(STEP_TIMEOUT);
        await screen.goto(`${journey.stack.api.baseUrl}/about`);
        await screen.getByTestId('live-drivers').waitFor({ state: 'visible' });

        expect((await admin.put('/api/dispatch/drivers', { available: 5 })).status).toBe(200);
        await eventually(async () => (await screen.getByTestId('live-drivers').textContent()) === '5');

        const created = await admin.post('/api/announcements', {
          title: 'Millstream road closed',
          message: 'Karratha-Tom Price Road is closed at Millstream after rain.',
          type: 'urgent',
          active: true,
          showAsPopup: true,
          showInSidebar: true,
        });
        expect(created.status).toBe(201);
        announcementId = created.body.id;
        const popup = screen.getByRole('dialog');
        await popup.getByText('Millstream road closed').waitFor({ state: 'visible' });
        await screen.getByRole('button', { name: 'Got it' }).click();
        await popup.waitFor({ state: 'detached' });
        await screen.getByRole('complementary', { name: 'Announcements' }).getByText('Millstream road closed').waitFor({ state: 'visible' });

        await screen.reload();
        await screen.getByRole('complementary', { name: 'Announcements' }).getByText('Millstream road closed').waitFor({ state: 'visible' });
        expect(await screen.getByRole('dialog').count()).toBe(0);
      } finally {
        await desktop.close();
        // The other tests share this stack; a popup left active would cover their forms.
        if (announcementId !== undefined) await admin.request('DELETE', `/api/announcements/${announcementId}`);
      }
    },
    TIMEOUT,
  );

  it(
    'shows the contact form rules before sending anything',
    async () => {
      await page.goto(`${journey.stack.api.baseUrl}/contact`);
      await page.getByRole('textbox', { name: 'Phone' }).fill('0412');
      await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Please enter a valid phone number').waitFor({ state: 'visible' });
      await page.getByText('Please enter a valid email address').waitFor({ state: 'visible' });
    },
    TIMEOUT,
  );

  it(
    'moves nothing for ever on a PC that asks for reduced motion (WCAG 2.3.3), and blinks the live dot on one that does not',
    async () => {
      const screen = await (await journey.newContext(OFFICE_PC)).newPage();
      await screen.goto(`${journey.stack.api.baseUrl}/`);
      await drawn(screen);
      const endless = () => screen.evaluate(() => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity).length);
      expect(await endless()).toBe(0);
      await screen.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await endless()).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
