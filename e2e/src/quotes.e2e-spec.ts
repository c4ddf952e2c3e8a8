import type { BrowserContextOptions, Page } from 'playwright-core';
import { formatMoney, type Job, type PaymentIntentResponse, priceQuote, type Quote } from '@towing/contracts';
import { QuoteEntity } from '@towing/db';
import { eventually, parseMail } from '@towing/testkit';
import { useJourney } from './journey.js';
import { signInToBoard } from './browser.js';

/** The sizes the quote journeys were seen at: a desktop in the office and a phone in the customer's hand. */
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, locale: 'en-AU', timezoneId: 'Australia/Perth' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-AU', timezoneId: 'Australia/Perth' };

/** The worker renders each PDF in Chromium; on a busy machine a render takes tens of seconds. */
const TIMEOUT = 240_000;
const PDF_WAIT = { timeout: 90_000 };
const CUSTOMER_EMAIL = 'jess.quote@example.com';

describe('from a quote in the manager to the customer at checkout', () => {
  // The quote's preview is framed in Chromium's own PDF viewer, which the headless shell lacks.
  const journey = useJourney({ browser: 'full' });
  let cspViolations: string[] = [];
  afterEach(() => {
    expect(cspViolations.splice(0)).toEqual([]);
  });

  async function openManager(): Promise<Page> {
    const office = await journey.newContext({ ...DESKTOP, acceptDownloads: true });
    const board = await office.newPage();
    // Our own pages must not break our CSP: Chromium reports every refusal on the console.
    board.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signInToBoard(board, journey.stack.api.baseUrl);
    await board.getByRole('tab', { name: 'Quotes & Billing' }).click();
    await board.getByText('Create Quote', { exact: true }).first().waitFor();
    return board;
  }

  it(
    'creates a quote with catalogue and custom items, emails it, and the customer opens the link, accepts and reaches checkout with the Stripe client secret',
    async () => {
      const board = await openManager();
      const form = board.getByRole('form', { name: 'Quote form' });
      const save = form.getByRole('button', { name: 'Add Items First' });
      expect(await save.isDisabled()).toBe(true);
      // aria-disabled, so Playwright clicks it only when forced; a person's click gets the spec's toast saying why.
      await save.click({ force: true });
      await board.getByText('Please add at least one item to the quote').waitFor();

      await form.getByLabel('Customer name').fill('Jess Taylor');
      await form.getByLabel('Customer phone').fill('0412 345 678');
      await form.getByLabel('Customer email').fill(CUSTOMER_EMAIL);
      await form.getByLabel('Service').fill('4x4 Recovery');
      await form.getByLabel('From', { exact: true }).fill('Karratha');
      await form.getByLabel('To', { exact: true }).fill('Tom Price');
      await form.getByLabel('Discount %').fill('10');

      await form.getByLabel('Add from catalogue').click();
      await board.getByTitle('Recovery Complex ($650.00)').click();
      // A custom item without a price is refused with the spec's toast.
      await form.getByPlaceholder('Custom item description').fill('Snatch block hire');
      await form.getByRole('button', { name: 'Add Custom Item' }).click();
      await board.getByText('Please fill in item details').waitFor();
      await form.getByPlaceholder('Unit price ($)').fill('45');
      await form.getByRole('button', { name: 'Add Custom Item' }).click();
      await form.getByLabel('Quantity of Snatch block hire').fill('2');

      const expected = priceQuote({ items: [{ quantity: 1, unitPrice: 65_000 }, { quantity: 2, unitPrice: 4_500 }], fromLocation: 'Karratha', toLocation: 'Tom Price', discountPercent: 10 });
      await eventually(async () => (await form.getByTestId('quote-total').textContent()) === formatMoney(expected.finalPrice), 10_000, 50);
      expect(await form.getByTestId('quote-deposit').textContent()).toBe(formatMoney(expected.depositAmount));

      await form.getByRole('button', { name: 'Create Quote' }).click();
      await board.getByText('Quote created successfully!').waitFor();
      await board.getByText('Quote Created', { exact: true }).waitFor();
      const quote = await eventually(() => journey.stack.api.dataSource.getRepository(QuoteEntity).findOneBy({ customerName: 'Jess Taylor' }));
      expect(quote.finalPrice).toBe(expected.finalPrice);
      const row = board.getByTestId(`quote-${quote.quoteNumber}`);
      await row.getByText('draft', { exact: true }).waitFor();

      // Preview frames the quote's PDF from our own origin: Chromium's viewer shows it, no CSP refusal.
      const previewAnswer = board.waitForResponse((response) => response.url().includes(`/api/quotes/${quote.id}/preview`), PDF_WAIT);
      await row.getByRole('button', { name: 'Preview' }).click();
      const preview = await previewAnswer;
      expect(preview.status()).toBe(200);
      expect(preview.headers()['content-type']).toBe('application/pdf');
      const frame = await eventually(async () => {
        const found = await board.getByTitle('Quote preview').elementHandle();
        const content = await found?.contentFrame();
        return content && content.url().includes('/preview') ? content : null;
      });
      expect(frame.url()).not.toContain('chrome-error');
      await board.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      // The PDF downloads under the quote's number.
      const download = board.waitForEvent('download', PDF_WAIT);
      await row.getByRole('button', { name: 'Download PDF' }).click();
      expect((await download).suggestedFilename()).toBe(`Quote-Q-${quote.quoteNumber}.pdf`);

      // Email given and a mobile: the button says both ways.
      await row.getByRole('button', { name: 'Email & Text Quote' }).click();
      await board.getByText('Quote emailed successfully!').waitFor({ timeout: 30_000 });
      await row.getByText('sent', { exact: true }).waitFor();
      const mail = await parseMail(await eventually(() => journey.stack.smtp.to(CUSTOMER_EMAIL)[0] ?? null, 30_000));
      expect(mail.attachments[0]?.contentType).toBe('application/pdf');
      const link = /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]{22})/.exec(mail.text ?? '')![1];
      expect(link).toBe(`${journey.stack.api.baseUrl}/quote/${quote.id}`);

      // The customer, on their phone; Stripe.js cannot load here (no internet), as on a dead spot.
      const phone = await journey.newContext(PHONE);
      await phone.route('https://js.stripe.com/**', (route) => route.abort());
      const page = await phone.newPage();
      await page.goto(`${journey.stack.api.baseUrl}/quote/${quote.id}`);
      await page.getByText('Ready to proceed?').waitFor();
      expect(await page.getByTestId('quote-total').textContent()).toBe(formatMoney(expected.finalPrice));
      await page.getByLabel('Deposit split').getByText(formatMoney(expected.depositAmount)).waitFor();
      await page.getByText('Snatch block hire').waitFor();

      await page.getByRole('button', { name: 'Accept Quote' }).click();
      await page.getByText('Please type your full name to accept').waitFor();
      await page.getByText('Please tick the box to accept the terms').waitFor();
      await page.getByLabel('Your full name').fill('Jess Taylor');
      await page.getByLabel('I accept this quote and its terms').check();
      const intentAnswer = page.waitForResponse((response) => response.url().endsWith(`/api/quotes/${quote.id}/create-payment-intent`));
      await page.getByRole('button', { name: 'Accept Quote' }).click();
      await page.getByText('Quote Accepted!').waitFor();
      await page.getByText('Redirecting to payment page...').waitFor();

      await page.waitForURL(/\/checkout\?quote_id=.+&type=deposit$/);
      const intent = (await (await intentAnswer).json()) as PaymentIntentResponse;
      const [peerIntent] = journey.stack.stripe.intentsFor(quote.id);
      expect(intent.clientSecret).toBe(peerIntent.client_secret);
      expect(peerIntent).toMatchObject({ amount: expected.depositAmount, currency: 'aud' });
      await page.getByText('Complete Payment').waitFor();
      await page.getByText('Secure payment for your service quote').waitFor();
      expect(await page.getByTestId('checkout-amount').textContent()).toBe(formatMoney(expected.depositAmount));
      await page.getByText('The secure card form could not load').waitFor();
      // The heading keeps its words whole at 390 px: one line.
      const heading = page.getByText('Card payment is unavailable');
      const lines = await heading.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
      expect(lines).toBeLessThan(1.5);

      // Accepted now, in the list and its tiles, with the deposit still due; Mark Accepted is gone.
      await row.getByText('accepted', { exact: true }).waitFor();
      await row.getByText('deposit due').waitFor();
      await row.getByText('balance not invoiced').waitFor();
      await row.getByText(/accepted by Jess Taylor \d/).waitFor();
      expect(await row.getByRole('button', { name: 'Mark Accepted' }).count()).toBe(0);
      await board.locator('.quotes-stats .ant-card').filter({ hasText: 'Accepted' }).getByText('1', { exact: true }).waitFor();
      await board.locator('.quotes-stats .ant-card').filter({ hasText: 'Pending' }).getByText('0', { exact: true }).waitFor();

      // Opening the success address proves nothing: unpaid, it is the checkout again.
      await page.goto(`${journey.stack.api.baseUrl}/checkout/success?quote_id=${quote.id}`);
      await page.waitForURL(/\/checkout\?quote_id=/);
      // Back from Stripe with the payment going through, before its webhook: processing, until it comes.
      await page.goto(`${journey.stack.api.baseUrl}/checkout/success?quote_id=${quote.id}&redirect_status=succeeded`);
      await page.getByText('Payment processing').waitFor();

      // Stripe tells us the card was charged: the quote is accepted, on the board too.
      await journey.stack.stripe.deliver(journey.stack.stripe.succeed(peerIntent.id), `${journey.stack.api.baseUrl}/api/payments/webhook`);
      await row.getByText('deposit paid').waitFor();
      await page.getByText('Payment Successful!').waitFor();
      await page.getByText('Thank you for your payment. Your quote has been accepted.').waitFor();
      await page.goto(`${journey.stack.api.baseUrl}/quote/${quote.id}`);
      await page.getByText('Quote Already Accepted').waitFor();
      const stored = (await (await journey.stack.api.adminClient()).get(`/api/quotes/${quote.id}`)).body as Quote;
      expect(stored.invoices.map((invoice) => `${invoice.kind}:${invoice.status}`)).toEqual(['deposit:paid']);
      expect(stored.jobId).not.toBeNull();
    },
    TIMEOUT,
  );

  it(
    'texts the quote of a completed SOS job to a customer without email, who reads it in customer words and is asked for the amount due',
    async () => {
      const board = await openManager();
      const admin = await journey.stack.api.adminClient();
      const job = (await admin.post('/api/jobs', { customerName: 'Sam Walker', phone: '0412 345 679', service: '4x4 Recovery', location: 'GPS: -20.736900, 116.846300' })).body.job as Job;
      expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
      const quote = await eventually(() => journey.stack.api.dataSource.getRepository(QuoteEntity).findOneBy({ jobId: job.id }), 30_000);
      const row = board.getByTestId(`quote-${quote.quoteNumber}`);

      await row.getByRole('button', { name: 'Text Quote' }).click();
      await board.getByText('Quote texted successfully!').waitFor({ timeout: 30_000 });
      await row.getByText('sent', { exact: true }).waitFor();
      const sms = await eventually(() => journey.stack.twilio.to('+61412345679').find((message) => message.body.includes(`/quote/${quote.id}`)) ?? null, 30_000);
      const link = /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]{22})/.exec(sms.body)![1];

      const page = await (await journey.newContext(PHONE)).newPage();
      await page.goto(link);
      await page.getByText('Ready to proceed?').waitFor();
      const card = await page.locator('.quote-page').innerText();
      expect(card).not.toMatch(/\bsent\b/);
      expect(card).not.toContain('Standard Vehicle');
      expect(card).not.toContain('GPS');
      expect(card).not.toContain(job.id);
      expect(card).not.toMatch(/deposit/i);
      await page.getByLabel('Amount due').getByText(formatMoney(quote.finalPrice)).waitFor();
      await page.getByLabel('Your full name').fill('Sam Walker');
      await page.getByLabel('I accept this quote and its terms').check();
      await page.getByRole('button', { name: 'Accept Quote' }).click();
      await page.getByText('Quote Accepted!').waitFor();
      await page.getByText(`Thank you. Your tax invoice for the ${formatMoney(quote.finalPrice)} due is above.`).waitFor();
      await page.getByText('Balance', { exact: false }).first().waitFor();
      await row.getByText('accepted', { exact: true }).waitFor();
      await row.getByText('balance invoiced').waitFor();
    },
    TIMEOUT,
  );

  it('tells the customer when a link leads nowhere', async () => {
    const page = await (await journey.newContext()).newPage();
    await page.goto(`${journey.stack.api.baseUrl}/quote/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByText('Quote Not Found').waitFor();
    await page.getByText('This quote may have expired or the link is invalid.').waitFor();
    await page.goto(`${journey.stack.api.baseUrl}/checkout`);
    await page.getByText('Missing quote information. Please try again.').first().waitFor();
  });
});
