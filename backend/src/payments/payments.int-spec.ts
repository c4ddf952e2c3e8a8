import type { PaymentIntentResponse, Quote } from '@towing/contracts';
import { InvoiceEntity, JobEntity, OutboxEntity, QuoteEntity, StripeEventEntity } from '@towing/db';
import { eventually, QUOTE_FORM, StripePeer, stripeSignature, type TestClient, testEnvironment } from '@towing/testkit';
import { startApi, useApi } from '../testing/use-api.js';
import { PaymentsReconciler } from './payments.reconciler.js';

describe('card deposits through Stripe', () => {
  const stripe = new StripePeer();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());
  const api = useApi(() => stripe.environment());
  let admin: TestClient;
  const webhook = () => `${api.baseUrl}/api/payments/webhook`;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  async function sentQuote(): Promise<Quote> {
    const quote = (await admin.post('/api/quotes', QUOTE_FORM)).body as Quote;
    await api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent', sentAt: new Date() });
    return quote;
  }

  async function intentFor(quote: Quote): Promise<PaymentIntentResponse> {
    const response = await api.client().post(`/api/quotes/${quote.id}/create-payment-intent`);
    expect(response.status).toBe(200);
    return response.body as PaymentIntentResponse;
  }

  const invoicesOf = (quoteId: string) => api.dataSource.getRepository(InvoiceEntity).find({ where: { quoteId }, order: { id: 'ASC' } });
  const outbox = async (name: string, quoteId: string) =>
    (await api.dataSource.getRepository(OutboxEntity).findBy({ name })).filter((row) => (row.payload as { quoteId?: string }).quoteId === quoteId);

  it('makes one AUD PaymentIntent per quote for the deposit, and issues the deposit tax invoice', async () => {
    const quote = await sentQuote();
    const first = await intentFor(quote);
    const second = await intentFor(quote);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(first).toMatchObject({ amount: 30_996, currency: 'aud', publishableKey: 'pk_test_peer', quoteNumber: quote.quoteNumber });
    const intents = stripe.intentsFor(quote.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 30_996, currency: 'aud', metadata: { quoteId: quote.id, kind: 'deposit' }, receipt_email: 'sam@example.com' });
    expect(stripe.requests.find((request) => request.path === '/v1/payment_intents' && request.method === 'POST')?.idempotencyKey).toBe(`quote-${quote.id}-deposit-30996`);
    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ kind: 'deposit', status: 'pending', amount: 30_996, gstAmount: 2_818, stripePaymentIntentId: intents[0].id });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect((await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'invoice.issued' })).map((row) => row.payload)).toContainEqual({ invoiceNumber: invoice.number });
  });

  it('refuses a forged webhook with 400 and applies nothing', async () => {
    const quote = await sentQuote();
    await intentFor(quote);
    const event = stripe.succeed(stripe.intentsFor(quote.id)[0].id);
    const forged = await stripe.deliver(event, webhook(), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe('Invalid Stripe signature');
    const unsigned = await fetch(webhook(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A signature over other bytes: the same event re-serialised differently.
    const tampered = await fetch(webhook(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(JSON.stringify(event), stripe.webhookSecret) },
      body: JSON.stringify(event, null, 1),
    });
    expect(tampered.status).toBe(400);
    expect(await api.dataSource.getRepository(StripeEventEntity).findOneBy({ id: event.id })).toBeNull();
    expect((await invoicesOf(quote.id))[0].status).toBe('pending');
  });

  it('on payment_intent.succeeded marks the deposit paid, accepts the quote and schedules the job, once however often it arrives', async () => {
    const quote = await sentQuote();
    await intentFor(quote);
    const event = stripe.succeed(stripe.intentsFor(quote.id)[0].id);
    const responses = await Promise.all([stripe.deliver(event, webhook()), stripe.deliver(event, webhook())]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const receipts = await Promise.all(responses.map((response) => response.json()));
    expect(receipts.map((receipt) => receipt.applied).sort()).toEqual([false, true]);
    expect((await stripe.deliver(event, webhook()).then((response) => response.json())).applied).toBe(false);

    const [invoice] = await invoicesOf(quote.id);
    expect(invoice.status).toBe('paid');
    const stored = await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: quote.id });
    expect(stored.status).toBe('accepted');
    const job = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: stored.jobId! });
    expect(job.status).toBe('Scheduled');
    expect(await outbox('payment.succeeded', quote.id)).toHaveLength(1);
    expect(await outbox('quote.accepted', quote.id)).toHaveLength(1);
    const view = (await admin.get(`/api/quotes/${quote.id}`)).body as Quote;
    expect(view).toMatchObject({ status: 'accepted', depositPaid: true, invoices: [{ number: invoice.number, kind: 'deposit', status: 'paid' }] });
    expect((await api.client().post(`/api/quotes/${quote.id}/create-payment-intent`)).body.message).toBe('The deposit for this quote is already paid');
  });

  it('lets an earlier failure that arrives after the success change nothing, and pays an intent whose invoice it had not seen', async () => {
    const quote = await sentQuote();
    await intentFor(quote);
    const intentId = stripe.intentsFor(quote.id)[0].id;
    const failedFirst = stripe.fail(intentId, 'Your card was declined.', Math.floor(Date.now() / 1000) - 60);
    const succeeded = stripe.succeed(intentId);
    expect((await stripe.deliver(succeeded, webhook())).status).toBe(200);
    expect((await stripe.deliver(failedFirst, webhook())).status).toBe(200);
    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ status: 'paid', paymentError: null });

    // The webhook outran our own write: the intent is known only by its metadata.
    const other = await sentQuote();
    await intentFor(other);
    const otherIntent = stripe.intentsFor(other.id)[0].id;
    await api.dataSource.getRepository(InvoiceEntity).delete({ quoteId: other.id });
    expect((await stripe.deliver(stripe.succeed(otherIntent), webhook())).status).toBe(200);
    const [recreated] = await invoicesOf(other.id);
    expect(recreated).toMatchObject({ kind: 'deposit', status: 'paid', stripePaymentIntentId: otherIntent, amount: 30_996 });
  });

  it('records a declined card on the invoice without accepting the quote', async () => {
    const quote = await sentQuote();
    await intentFor(quote);
    expect((await stripe.deliver(stripe.fail(stripe.intentsFor(quote.id)[0].id, 'Your card has insufficient funds.'), webhook())).status).toBe(200);
    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ status: 'pending', paymentError: 'Your card has insufficient funds.' });
    expect((await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: quote.id })).status).toBe('sent');
  });

  it('applies a payment the webhook never delivered at the next reconciliation, at start-up and on the hour, and only once', async () => {
    const quote = await sentQuote();
    await intentFor(quote);
    stripe.succeed(stripe.intentsFor(quote.id)[0].id);
    const reconciler = api.app.get(PaymentsReconciler);
    // At least this one: the forged test's success was never validly delivered either.
    expect(await reconciler.run()).toBeGreaterThanOrEqual(1);
    expect((await invoicesOf(quote.id))[0].status).toBe('paid');
    expect(await reconciler.run()).toBe(0);
    expect((await api.dataSource.getRepository(StripeEventEntity).findOneByOrFail({ type: 'payment_intent.succeeded', source: 'reconciliation' })).id).toMatch(/^evt_/);

    const missed = await sentQuote();
    await intentFor(missed);
    stripe.succeed(stripe.intentsFor(missed.id)[0].id);
    const databaseUrl = (api.dataSource.options as { url: string }).url;
    const restarted = await startApi(testEnvironment(databaseUrl, stripe.environment()));
    try {
      await eventually(async () => (await invoicesOf(missed.id))[0].status === 'paid');
    } finally {
      await restarted.close();
    }
    expect(await outbox('payment.succeeded', missed.id)).toHaveLength(1);
  });
});
