import type { AcceptQuoteResponse, Job, PublicQuote, Quote, QuoteInput } from '@towing/contracts';
import { JobEntity, OutboxEntity, QuoteEntity } from '@towing/db';
import { QUOTE_FORM, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('quotes API', () => {
  const api = useSharedApi();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  async function create(overrides: Partial<QuoteInput> = {}): Promise<Quote> {
    const response = await admin.post('/api/quotes', { ...QUOTE_FORM, ...overrides });
    expect(response.status).toBe(201);
    return response.body as Quote;
  }

  /** Sending is the worker's to finish; these tests set the state it leaves. */
  async function markSent(id: string): Promise<void> {
    await api.dataSource.getRepository(QuoteEntity).update({ id }, { status: 'sent', sentAt: new Date() });
  }

  it('recomputes every figure from the items with the contracts calculation, ignoring the totals a client sends', async () => {
    const quote = await create({ itemsSubtotal: 1, basePrice: 1, discountAmount: 0, finalPrice: 1, items: QUOTE_FORM.items.map((item) => ({ ...item, total: 5 })) });
    // 650 + 2 x 85 = 820; Tom Price x1.4 = 1148; 10% off = 114.80; final 1033.20; deposit 30% = 309.96.
    expect(quote).toMatchObject({
      itemsSubtotal: 82_000,
      multiplierHundredths: 140,
      basePrice: 114_800,
      discountAmount: 11_480,
      finalPrice: 103_320,
      depositAmount: 30_996,
      balanceAmount: 72_324,
      status: 'draft',
    });
    expect(quote.items.map((item) => item.total)).toEqual([65_000, 17_000]);
    expect(quote.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(quote.quoteNumber).toBeGreaterThanOrEqual(1000);
    const next = await create();
    expect(next.quoteNumber).toBe(quote.quoteNumber + 1);
    expect(Date.parse(quote.validUntil) - Date.parse(quote.createdAt)).toBeGreaterThan(13.9 * 86_400_000);
  });

  it("refuses a form without items or customer details with the spec's messages, storing nothing", async () => {
    const before = await api.dataSource.getRepository(QuoteEntity).count();
    const response = await admin.post('/api/quotes', { ...QUOTE_FORM, customerName: '', customerPhone: '', items: [] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'customerName', message: 'Please fill in customer details' },
        { field: 'customerPhone', message: 'Please fill in customer details' },
        { field: 'items', message: 'Please add at least one item to the quote' },
      ]),
    );
    const badItem = await admin.post('/api/quotes', { ...QUOTE_FORM, items: [{ description: '', quantity: 0, unitPrice: 0, category: 'service' }] });
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors).toEqual(expect.arrayContaining([{ field: 'items.0.description', message: 'Please fill in item details' }, { field: 'items.0.unitPrice', message: 'Please fill in item details' }]));
    const tooMuch = await admin.post('/api/quotes', { ...QUOTE_FORM, discountPercent: 51, depositAmount: -1, hacked: true });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['depositAmount', 'discountPercent', 'hacked']);
    const huge = await admin.post('/api/quotes', { ...QUOTE_FORM, items: [{ description: 'Gold winch', quantity: 10_000, unitPrice: 1_000_000_000, category: 'parts' }] });
    expect(huge.status).toBe(400);
    expect(await api.dataSource.getRepository(QuoteEntity).count()).toBe(before);
  });

  it('runs the state machine on the server: sent only by email, sent -> accepted or rejected, accepted locked', async () => {
    const quote = await create();
    expect((await admin.request('PATCH', `/api/quotes/${quote.id}`, { status: 'sent' })).status).toBe(409);
    expect((await admin.request('PATCH', `/api/quotes/${quote.id}`, { status: 'accepted' })).status).toBe(409);
    await markSent(quote.id);
    const rejected = await admin.request('PATCH', `/api/quotes/${quote.id}`, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect((await admin.request('PATCH', `/api/quotes/${quote.id}`, { status: 'accepted' })).body.message).toBe('This quote is rejected and cannot be marked accepted');

    const other = await create();
    await markSent(other.id);
    const accepted = await admin.request('PATCH', `/api/quotes/${other.id}`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const edit = await admin.put(`/api/quotes/${other.id}`, QUOTE_FORM);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This quote has been accepted and is locked');
    expect((await admin.request('PATCH', `/api/quotes/${other.id}`, { status: 'rejected' })).status).toBe(409);
  });

  it('saves an edit as a new draft with the figures recomputed', async () => {
    const quote = await create();
    await markSent(quote.id);
    const edited = await admin.put(`/api/quotes/${quote.id}`, { ...QUOTE_FORM, discountPercent: 0, toLocation: 'Karratha' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: quote.id, quoteNumber: quote.quoteNumber, status: 'draft', basePrice: 82_000, finalPrice: 82_000 });
  });

  it('reads a quote past validUntil as expired everywhere, and refuses to accept, email or pay it', async () => {
    const quote = await create();
    await api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent', validUntil: new Date(Date.now() - 60_000) });
    const list = (await admin.get('/api/quotes')).body as Quote[];
    expect(list.find((entry) => entry.id === quote.id)?.status).toBe('expired');
    expect(((await api.client().get(`/api/quotes/${quote.id}`)).body as PublicQuote).status).toBe('expired');
    const accept = await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true });
    expect(accept.status).toBe(409);
    expect((await admin.post(`/api/quotes/${quote.id}/send-email`)).status).toBe(409);
    expect((await admin.request('PATCH', `/api/quotes/${quote.id}`, { status: 'accepted' })).body.message).toBe('This quote has expired');
  });

  it("shows the customer their quote without the phone, email or drafts, and 404s ids that are not a quote's", async () => {
    const quote = await create();
    expect((await api.client().get(`/api/quotes/${quote.id}`)).status).toBe(404);
    await markSent(quote.id);
    const view = await api.client().get(`/api/quotes/${quote.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ quoteNumber: quote.quoteNumber, location: 'Karratha → Tom Price', finalPrice: 103_320, depositAmount: 30_996 });
    expect(view.text).not.toContain('0412');
    expect(view.text).not.toContain('sam@example.com');
    for (const guess of [String(quote.quoteNumber), `QUOTE-${quote.quoteNumber}`, 'AAAAAAAAAAAAAAAAAAAAAA', "' OR 1=1 --"]) {
      expect((await api.client().get(`/api/quotes/${encodeURIComponent(guess)}`)).status).toBe(404);
    }
  });

  it('shows the customer a quote from the moment its sending was asked for, as sent, before the worker has emailed it; an edit makes it a private draft again', async () => {
    const quote = await create({ depositAmount: 0 });
    expect((await admin.post(`/api/quotes/${quote.id}/send-email`)).status).toBe(202);
    // No worker here: the email has not gone and the quote is still a draft to staff.
    expect(((await admin.get(`/api/quotes/${quote.id}`)).body as Quote).status).toBe('draft');
    const view = await api.client().get(`/api/quotes/${quote.id}`);
    expect(view.status).toBe(200);
    expect((view.body as PublicQuote).status).toBe('sent');

    expect((await admin.put(`/api/quotes/${quote.id}`, { ...QUOTE_FORM, depositAmount: 0, notes: 'Second thoughts' })).status).toBe(200);
    expect((await api.client().get(`/api/quotes/${quote.id}`)).status).toBe(404);
    expect((await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).status).toBe(404);

    expect((await admin.post(`/api/quotes/${quote.id}/send-email`)).status).toBe(202);
    const accepted = await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ next: 'scheduled', quote: { status: 'accepted' } });
    // Staff can still not skip the email: sent comes only from Email Quote.
    const other = await create();
    expect((await admin.post(`/api/quotes/${other.id}/send-email`)).status).toBe(202);
    expect((await admin.request('PATCH', `/api/quotes/${other.id}`, { status: 'accepted' })).status).toBe(409);
  });

  it('accepts with the name and the terms ticked: with a deposit it waits for payment, without one it schedules the job', async () => {
    const withDeposit = await create();
    await markSent(withDeposit.id);
    const refused = await api.client().post(`/api/quotes/${withDeposit.id}/accept`, { name: '', acceptTerms: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'name', message: 'Please type your full name to accept' },
      { field: 'acceptTerms', message: 'Please tick the box to accept the terms' },
    ]);
    const accepted = await api.client().post(`/api/quotes/${withDeposit.id}/accept`, { name: 'Sam Walker', acceptTerms: true });
    expect(accepted.status).toBe(200);
    expect((accepted.body as AcceptQuoteResponse).next).toBe('payment');
    const stored = await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: withDeposit.id });
    // Accepted in the status column at once; its job waits for the deposit.
    expect(stored).toMatchObject({ status: 'accepted', jobId: null, acceptedName: 'Sam Walker', acceptedIp: expect.stringContaining('127.0.0.1') });
    const rewrite = await api.client().post(`/api/quotes/${withDeposit.id}/accept`, { name: 'Someone Else', acceptTerms: true });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body.message).toBe('This quote has already been accepted');
    expect(await api.dataSource.getRepository(QuoteEntity).findOneByOrFail({ id: withDeposit.id })).toMatchObject({ acceptedName: 'Sam Walker', acceptedAt: stored.acceptedAt });

    const noDeposit = await create({ depositAmount: 0 });
    await markSent(noDeposit.id);
    const scheduled = (await api.client().post(`/api/quotes/${noDeposit.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).body as AcceptQuoteResponse;
    expect(scheduled).toMatchObject({ next: 'scheduled', quote: { status: 'accepted' } });
    const job = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: scheduled.jobId! });
    expect(job).toMatchObject({ status: 'Scheduled', customerName: 'Sam Walker', service: '4x4 Recovery' });
    const events = await api.dataSource.getRepository(OutboxEntity).find({ where: { name: 'quote.accepted' } });
    expect(events.map((event) => event.payload)).toContainEqual({ quoteId: noDeposit.id, jobId: job.id });
    const again = await api.client().post(`/api/quotes/${noDeposit.id}/accept`, { name: 'Sam Walker', acceptTerms: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This quote has already been accepted');
  });

  it('asks the worker to email: 202 and a quote.sent event, a clear 400 with neither an email address nor a mobile', async () => {
    const quote = await create();
    const requested = await admin.post(`/api/quotes/${quote.id}/send-email`);
    expect(requested.status).toBe(202);
    expect(requested.body.status).toBe('draft');
    const events = await api.dataSource.getRepository(OutboxEntity).find({ where: { name: 'quote.sent' } });
    expect(events.map((event) => event.payload)).toContainEqual({ quoteId: quote.id });

    // Without an email a mobile still gets it by text; a landline without an email cannot get it at all.
    const textOnly = await create({ customerEmail: '' });
    expect((await admin.post(`/api/quotes/${textOnly.id}/send-email`)).status).toBe(202);
    const noWay = await create({ customerEmail: '', customerPhone: '08 9185 1234' });
    const refused = await admin.post(`/api/quotes/${noWay.id}/send-email`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'customerEmail', message: 'This quote has no customer email address or mobile number. Add one with Edit, then send it.' }]);
  });

  it('answers the payment call with 503 and a clear message when Stripe is not configured', async () => {
    const quote = await create();
    await markSent(quote.id);
    const response = await api.client().post(`/api/quotes/${quote.id}/create-payment-intent`);
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('Card payment is not available at the moment. Please call us to pay your deposit.');
    expect((await api.client().post('/api/payments/webhook', { id: 'evt_1' })).status).toBe(503);
  });

  it('deletes a quote and keeps its number used', async () => {
    const quote = await create();
    expect((await admin.request('DELETE', `/api/quotes/${quote.id}`)).status).toBe(204);
    expect((await admin.get(`/api/quotes/${quote.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/quotes/${quote.id}`)).status).toBe(404);
  });

  it('limits how often one address may read quote links', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1) statuses.push((await api.client().get('/api/quotes/AAAAAAAAAAAAAAAAAAAAAB')).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('lets nobody but staff list, create, change or download quotes', async () => {
    const quote = await create();
    const anonymous = api.client();
    expect((await anonymous.get('/api/quotes')).status).toBe(401);
    expect((await anonymous.post('/api/quotes', QUOTE_FORM)).status).toBe(401);
    expect((await anonymous.request('PATCH', `/api/quotes/${quote.id}`, { status: 'accepted' })).status).toBe(401);
    expect((await anonymous.get(`/api/quotes/${quote.id}/pdf`)).status).toBe(401);
    const job = (await admin.post('/api/jobs', { customerName: 'A', phone: '0412 345 678', service: 'Diagnostic Service', location: 'Karratha' })).body.job as Job;
    expect((await anonymous.get(`/api/jobs/${job.id}/invoices?phone=0499999999`)).status).toBe(404);
    expect((await anonymous.get(`/api/jobs/${job.id}/invoices?phone=0412345678`)).body).toEqual({ invoices: [] });
  });
});
