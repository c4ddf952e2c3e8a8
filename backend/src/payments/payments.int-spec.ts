import type { PaymentIntentResponse, Quote } from '@towing/contracts';
import { InvoiceEntity, JobEntity, OutboxEntity, QuoteEntity, StripeEventEntity } from '@towing/db';
import { eventually, QUOTE_FORM, StripePeer, stripeSignature, type TestClient } from '@towing/testkit';
import { testEnvironment } from '../testing/test-environment.js';
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

  /** Sent, and accepted by the customer (name and terms): the deposit is what it waits for. */
  async function acceptedQuote(): Promise<Quote> {
    const quote = await sentQuote();
    expect((await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).status).toBe(200);
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
    const quote = await acceptedQuote();
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

  it('makes no PaymentIntent for a customer before they accept; staff may take the deposit of a sent quote', async () => {
    const quote = await sentQuote();
    const early = await api.client().post(`/api/quotes/${quote.id}/create-payment-intent`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Please accept the quote before paying the deposit');
    expect(stripe.intentsFor(quote.id)).toHaveLength(0);
    expect(await invoicesOf(quote.id)).toHaveLength(0);
    expect((await admin.post(`/api/quotes/${quote.id}/create-payment-intent`)).status).toBe(200);
    expect(stripe.intentsFor(quote.id)).toHaveLength(1);
  });

  it('flags a signed payment of another amount or currency on the invoice for admins, and applies none of it', async () => {
    const quote = await acceptedQuote();
    await intentFor(quote);
    const intentId = stripe.intentsFor(quote.id)[0].id;
    const oneCent = structuredClone(stripe.succeed(intentId));
    oneCent.data.object.amount = 1;
    expect((await stripe.deliver(oneCent, webhook())).status).toBe(200);
    const inDollars = structuredClone(stripe.succeed(intentId));
    inDollars.data.object.currency = 'usd';
    expect((await stripe.deliver(inDollars, webhook())).status).toBe(200);

    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ status: 'pending', paidAt: null });
    // Accepted by the customer, still waiting for its deposit: no job scheduled.
    expect(await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: quote.id })).toMatchObject({ status: 'accepted', jobId: null });
    expect(await outbox('payment.succeeded', quote.id)).toHaveLength(0);
    const view = (await admin.get(`/api/quotes/${quote.id}`)).body as Quote;
    expect(view.depositPaid).toBe(false);
    expect(view.paymentFlags).toEqual([
      { invoiceNumber: invoice.number, paymentIntentId: intentId, eventId: inDollars.id, amount: 30_996, currency: 'usd', expectedAmount: 30_996, flaggedAt: expect.any(String) },
    ]);
    expect(JSON.stringify((await api.client().get(`/api/quotes/${quote.id}`)).body)).not.toContain('paymentFlags');
  });

  it('answers 400 to a signed event whose payment intent it cannot match, and records nothing', async () => {
    const quote = await acceptedQuote();
    await intentFor(quote);
    const noId = structuredClone(stripe.succeed(stripe.intentsFor(quote.id)[0].id));
    delete (noId.data.object as Partial<typeof noId.data.object>).id;
    const answer = await stripe.deliver(noId, webhook());
    expect(answer.status).toBe(400);
    expect(await api.dataSource.getRepository(StripeEventEntity).findOneBy({ id: noId.id })).toBeNull();
    expect((await invoicesOf(quote.id))[0].status).toBe('pending');
  });

  it('refuses a forged webhook with 400 and applies nothing', async () => {
    const quote = await acceptedQuote();
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
    const quote = await acceptedQuote();
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
    const quote = await acceptedQuote();
    await intentFor(quote);
    const intentId = stripe.intentsFor(quote.id)[0].id;
    const failedFirst = stripe.fail(intentId, 'Your card was declined.', Math.floor(Date.now() / 1000) - 60);
    const succeeded = stripe.succeed(intentId);
    expect((await stripe.deliver(succeeded, webhook())).status).toBe(200);
    expect((await stripe.deliver(failedFirst, webhook())).status).toBe(200);
    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ status: 'paid', paymentError: null });

    // The webhook outran our own write: the intent is known only by its metadata.
    const other = await acceptedQuote();
    await intentFor(other);
    const otherIntent = stripe.intentsFor(other.id)[0].id;
    await api.dataSource.getRepository(InvoiceEntity).delete({ quoteId: other.id });
    expect((await stripe.deliver(stripe.succeed(otherIntent), webhook())).status).toBe(200);
    const [recreated] = await invoicesOf(other.id);
    expect(recreated).toMatchObject({ kind: 'deposit', status: 'paid', stripePaymentIntentId: otherIntent, amount: 30_996 });
  });

  it('records a declined card on the invoice without scheduling the job', async () => {
    const quote = await acceptedQuote();
    await intentFor(quote);
    expect((await stripe.deliver(stripe.fail(stripe.intentsFor(quote.id)[0].id, 'Your card has insufficient funds.'), webhook())).status).toBe(200);
    const [invoice] = await invoicesOf(quote.id);
    expect(invoice).toMatchObject({ status: 'pending', paymentError: 'Your card has insufficient funds.' });
    expect(await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: quote.id })).toMatchObject({ status: 'accepted', jobId: null });
  });

  it('applies a payment the webhook never delivered at the next reconciliation, at start-up and on the hour, and only once', async () => {
    const quote = await acceptedQuote();
    await intentFor(quote);
    stripe.succeed(stripe.intentsFor(quote.id)[0].id);
    const reconciler = api.app.get(PaymentsReconciler);
    // At least this one: the forged test's success was never validly delivered either.
    expect(await reconciler.run()).toBeGreaterThanOrEqual(1);
    expect((await invoicesOf(quote.id))[0].status).toBe('paid');
    expect(await reconciler.run()).toBe(0);
    expect((await api.dataSource.getRepository(StripeEventEntity).findOneByOrFail({ type: 'payment_intent.succeeded', source: 'reconciliation' })).id).toMatch(/^evt_/);

    const missed = await acceptedQuote();
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
