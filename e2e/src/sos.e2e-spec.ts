import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Job } from '@towing/contracts';
import { SocketListener, eventually } from '@towing/testkit';
import { PHONE_IN_THE_PILBARA } from './browser.js';
import { useJourney } from './journey.js';

const DRIVER_PHONE = '0412 345 678';
const DRIVER_E164 = '+61412345678';
const DRIVER_NAME = 'Kim Nguyen';
const SITUATION = 'Bogged to the axles in the Maitland River crossing';
const GPS_TEXT = 'GPS: -20.736812, 116.846254';
const TIMEOUT = 30_000;

/** Waits until a form field holds exactly this value (playwright-core has no web-first assertions). */
async function waitForValue(field: Locator, expected: string): Promise<void> {
  await eventually(async () => (await field.inputValue()) === expected, 15_000, 100).catch(async () => {
    throw new Error(`field still reads ${JSON.stringify(await field.inputValue())}, expected ${JSON.stringify(expected)}`);
  });
}

describe('SOS journey on a phone in headless Chromium', () => {
  let admin: SocketListener;
  // Declared before the journey's own, so it runs first: the board's socket closes before the stack stops.
  afterAll(() => admin?.close());
  const journey = useJourney();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const adminClient = await journey.stack.api.adminClient();
    admin = await new SocketListener(journey.stack.api.baseUrl, adminClient.cookie).connected();
  }, 60_000);

  beforeEach(async () => {
    context = await journey.newContext();
    // No reverse geocoder answers here, so the location box keeps the GPS fallback text.
    await context.route('https://nominatim.openstreetmap.org/**', (route) => route.abort());
    page = await context.newPage();
    await page.goto(`${journey.stack.api.baseUrl}/sos`);
  });

  it(
    'sends an emergency request from the GPS fix, shows the confirmation, alerts the board and texts the driver',
    async () => {
      await page.getByText("Emergency 4x4 Recovery - We're here to help!").waitFor({ state: 'visible' });
      await waitForValue(page.getByLabel('Location', { exact: true }), GPS_TEXT);

      await page.getByLabel('Phone', { exact: true }).fill(DRIVER_PHONE);
      await page.getByLabel('Name (optional)').fill(DRIVER_NAME);
      await page.getByLabel('What happened?').fill(SITUATION);
      await page.getByRole('button', { name: 'Send Emergency Request' }).click();

      await page.getByText('Help is on the way!').waitFor({ state: 'visible' });
      const shownId = (await page.getByText(/^Job ID:/).locator('strong').textContent())?.trim();
      expect(shownId).toBeTruthy();

      const [created] = await eventually(() => {
        const found = admin.received<Job>('job:created', (job) => job.phone === DRIVER_PHONE);
        return found.length ? found : null;
      });
      expect(created).toMatchObject({ id: shownId, phone: DRIVER_PHONE, status: 'Emergency', customerName: DRIVER_NAME, location: GPS_TEXT });
      expect(created).toMatchObject({ situation: SITUATION, vehicle: 'Not specified', notes: null });
      expect(admin.received<Job>('job:created', (job) => job.phone === DRIVER_PHONE)).toHaveLength(1);

      const toDriver = await eventually(() => {
        const found = journey.stack.twilio.to(DRIVER_E164).filter((sms) => sms.body.includes(created.id));
        return found.length ? found : null;
      });
      expect(toDriver).toHaveLength(1);
      expect(toDriver[0].body).toContain('help is on the way');
    },
    TIMEOUT,
  );

  it(
    'sends an SOS from the prerendered form with no script at all: a page with the job id and the same link as the text, the board told',
    async () => {
      const phone = '0412 345 680';
      const bare = await (await journey.newContext({ ...PHONE_IN_THE_PILBARA, javaScriptEnabled: false })).newPage();
      await bare.goto(`${journey.stack.api.baseUrl}/sos`);
      await bare.getByLabel('Location', { exact: true }).fill('Millstream Rd, 20 km south of the NWCH');
      await bare.getByLabel('Phone', { exact: true }).fill(phone);
      await bare.getByLabel('What happened?').fill(SITUATION);
      await bare.getByRole('button', { name: 'Send Emergency Request' }).click();

      await bare.getByText('Help is on the way!').waitFor();
      const shownId = (await bare.getByText(/^Job ID:/).locator('strong').textContent())!.trim();
      const [created] = await eventually(() => {
        const found = admin.received<Job>('job:created', (job) => job.phone === phone);
        return found.length ? found : null;
      });
      expect(created).toMatchObject({ id: shownId, location: 'Millstream Rd, 20 km south of the NWCH', situation: SITUATION, customerName: 'Emergency Recovery' });
      const text = await eventually(() => journey.stack.twilio.to('+61412345680').find((sms) => sms.body.includes(shownId)) ?? null);
      const link = await bare.getByRole('link', { name: /customer-portal/ }).getAttribute('href');
      expect(text.body).toContain(link);
      expect(await bare.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+61/);
    },
    TIMEOUT,
  );

  it(
    "keeps the send button disabled, once the page's script runs, until there is a phone number",
    async () => {
      const send = page.getByRole('button', { name: 'Send Emergency Request' });
      const phone = page.getByLabel('Phone', { exact: true });
      await send.waitFor({ state: 'visible' });
      expect(await phone.inputValue()).toBe('');
      // The prerendered button is enabled for the native post; the script disables it when it runs.
      await eventually(() => send.isDisabled());

      await phone.fill('0499 000 111');
      await eventually(() => send.isEnabled(), 5_000);
      await phone.fill('');
      await eventually(() => send.isDisabled(), 5_000);
    },
    TIMEOUT,
  );
});
