import { findJobWithToken } from '@towing/db';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@towing/testkit';
import { useJourney } from './journey.js';
import { seriousViolations } from './axe.js';
import { readsSettled } from './reads-settled.js';
import { OFFICE_PC, phoneOfWidth, signInToBoard } from './browser.js';

const TIMEOUT = 60_000;
const DRIVER_PHONE = '0412 987 654';

/** Set once after load: still there later means the page was never reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));
}
async function sameLoad(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad === true);
}

describe('dispatch board, live across two browsers', () => {
  const journey = useJourney();
  let phone: BrowserContext;

  beforeAll(async () => {
    phone = await journey.newContext();
    await phone.route('https://nominatim.openstreetmap.org/**', (route) => route.abort());
  }, 60_000);

  afterAll(async () => {
    await phone?.close();
  });

  /** A dispatcher's own browser, signed in through the board's prompt. */
  async function openBoard(): Promise<Page> {
    const office = await journey.newContext(OFFICE_PC);
    const board = await office.newPage();
    await signInToBoard(board, journey.stack.api.baseUrl);
    await board.getByRole('tab', { name: /Job Management/ }).click();
    await board.getByRole('button', { name: 'Create Job' }).waitFor();
    await markPage(board);
    return board;
  }

  it(
    'shows an SOS sent from /sos on the board without a reload, highlighted, and Mark En Route updates the open customer portal in place',
    async () => {
      const board = await openBoard();

      const sos = await phone.newPage();
      await sos.goto(`${journey.stack.api.baseUrl}/sos`);
      await sos.getByLabel('Phone', { exact: true }).fill(DRIVER_PHONE);
      await sos.getByLabel('Name (optional)').fill('Alex Reid');
      await sos.getByRole('button', { name: 'Send Emergency Request' }).click();
      await sos.getByText('Help is on the way!').waitFor();
      const jobId = (await sos.getByText(/^Job ID:/).locator('strong').textContent())!.trim();

      const row = board.getByTestId(`job-${jobId}`);
      await row.waitFor();
      expect(await row.getAttribute('class')).toContain('admin-job-sos');
      expect(await row.getAttribute('data-status')).toBe('Emergency');
      expect(await sameLoad(board)).toBe(true);

      const portal = await phone.newPage();
      // The driver follows the tracking link from the text message.
      const { trackingToken } = (await findJobWithToken(journey.stack.api.dataSource, jobId))!;
      await portal.goto(`${journey.stack.api.baseUrl}/customer-portal?search=${encodeURIComponent(jobId)}&token=${trackingToken}`);
      await portal.getByText(jobId).first().waitFor();
      await portal.getByText('Emergency', { exact: true }).first().waitFor();
      await markPage(portal);
      // The portal says so once the server has confirmed its job:watch.
      await portal.getByText('Live updates on').waitFor();

      await row.getByRole('button', { name: 'Mark En Route' }).click();
      await eventually(async () => (await row.getAttribute('data-status')) === 'En Route', 10_000, 50);
      expect(await row.getAttribute('class')).not.toContain('admin-job-sos');

      await portal.getByText('En Route', { exact: true }).first().waitFor();
      expect(await sameLoad(portal)).toBe(true);

      // The worker texts the customer that help is on the way, with the tracking link.
      const sms = await eventually(() => {
        const found = journey.stack.twilio.to('+61412987654').filter((message) => message.body.includes(`on the way for job ${jobId}`));
        return found.length ? found : null;
      });
      expect(sms[0].body).toContain('customer-portal?search=');
      },
    TIMEOUT,
  );

  it(
    'lets two dispatchers see each other: a booking approved on one board leaves the other at once',
    async () => {
      const first = await openBoard();
      const second = await openBoard();
      await first.getByRole('tab', { name: /Pending Bookings/ }).click();
      await second.getByRole('tab', { name: /Pending Bookings/ }).click();

      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date(Date.now() + 2 * 86_400_000));
      const created = await journey.stack.api.client().post('/api/bookings', {
        customerName: 'Jo Tran',
        phone: '0412 555 010',
        email: 'jo@example.com',
        service: 'Jump Start',
        location: 'Dampier boat ramp car park',
        preferredDate: day,
        preferredTime: '08:30 AM',
        description: 'Battery flat after two weeks parked',
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      await first.getByTestId(`booking-${id}`).waitFor();
      await second.getByTestId(`booking-${id}`).waitFor();

      await first.getByTestId(`booking-${id}`).getByRole('button', { name: 'Approve & Create Job' }).click();
      await first.getByText('Booking Approved').waitFor();
      await second.getByTestId(`booking-${id}`).waitFor({ state: 'detached' });
      expect(await sameLoad(second)).toBe(true);
      },
    TIMEOUT,
  );

  it(
    'finds no serious or critical axe violation (WCAG 2.1 A and AA) on the board at 390 px as it stands at 3 am: an open SOS and an announcement',
    async () => {
      expect((await journey.stack.api.client().post('/api/sos', { phone: '0412 555 041', customerName: 'Lena Hart', vehicle: 'Navara', situation: 'Flat battery' })).status).toBe(201);
      const announced = await (await journey.stack.api.adminClient()).post('/api/announcements', {
        title: 'Millstream road closed',
        message: 'Karratha-Tom Price Road is closed at Millstream after rain.',
        type: 'urgent',
        active: true,
        showAsPopup: false,
        showInSidebar: true,
      });
      expect(announced.status).toBe(201);
      const page = await (await journey.newContext(phoneOfWidth(390))).newPage();
      await signInToBoard(page, journey.stack.api.baseUrl);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      await page.getByRole('article', { name: /^SOS / }).waitFor();
      await readsSettled(page);
      expect(await seriousViolations(page, '/admin (signed in)')).toEqual([]);
    },
    TIMEOUT,
  );
});
