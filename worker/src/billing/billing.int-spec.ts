import sharp from 'sharp';
import { Queue } from 'bullmq';
import { type AcceptQuoteResponse, type DomainEventEnvelope, type Job, type PaymentIntentResponse, type PublicQuote, type Quote, type QuoteUpdate, QUEUES } from '@towing/contracts';
import { InvoiceEntity, JobPhotoEntity, NotificationEntity, OutboxEntity, QuoteEntity } from '@towing/db';
import { eventually, parseMail, pdfImageCount, pdfText, QUOTE_FORM, SocketListener, leaseSharedStack, type SystemLease, type TestClient } from '@towing/testkit';

const CUSTOMER_E164 = '+61412345678';

describe('quotes, PDFs and tax invoices through the worker', () => {
  let stack: SystemLease;
  let admin: TestClient;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
    admin = await stack.api.adminClient();
  });
  afterAll(async () => {
    await stack?.release();
  });

  async function createQuote(overrides: Record<string, unknown> = {}): Promise<Quote> {
    const response = await admin.post('/api/quotes', { ...QUOTE_FORM, ...overrides });
    expect(response.status).toBe(201);
    return response.body as Quote;
  }

  async function download(path: string): Promise<Response> {
    return fetch(`${stack.api.baseUrl}${path}`, { headers: { cookie: admin.cookie! } });
  }

  it('renders the quote PDF in the worker and streams it as Quote-Q-{number}.pdf with the number and total in its text', async () => {
    const quote = await createQuote();
    const response = await download(`/api/quotes/${quote.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Quote-Q-${quote.quoteNumber}.pdf"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(`Q-${quote.quoteNumber}`);
    expect(text).toContain('$1,033.20');
    expect(text).toContain('51 824 753 556');
    expect(text).toMatch(/Location multiplier ×1\.4/);
    expect(text).toContain('Deposit on acceptance');
    expect(text).toContain('$309.96');
    expect(text).toContain(`${stack.api.baseUrl}/quote/${quote.id}`);
  });

  it('emails the quote with text and HTML parts, the PDF attached and the accept link; texts the link at once; only then marks it sent', async () => {
    const quote = await createQuote({ customerEmail: 'sam.quote@example.com' });
    const requested = await admin.post(`/api/quotes/${quote.id}/send-email`);
    expect(requested.status).toBe(202);

    const sms = await eventually(() => stack.twilio.to(CUSTOMER_E164).find((message) => message.body.includes(`/quote/${quote.id}`)) ?? null);
    expect(sms.body).toContain(`Q-${quote.quoteNumber}`);
    expect(sms.body).toContain('$1,033.20');

    const raw = await eventually(() => stack.smtp.to('sam.quote@example.com')[0] ?? null);
    const mail = await parseMail(raw);
    expect(mail.subject).toBe(`Your quote Q-${quote.quoteNumber} from Spinifex Recovery & Mechanical`);
    expect(mail.text).toContain(`${stack.api.baseUrl}/quote/${quote.id}`);
    expect(mail.html).toContain(`href="${stack.api.baseUrl}/quote/${quote.id}"`);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: `Quote-Q-${quote.quoteNumber}.pdf`, contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf.content)).toContain('$1,033.20');

    const sent = await eventually(async () => {
      const view = (await admin.get(`/api/quotes/${quote.id}`)).body as Quote;
      return view.status === 'sent' ? view : null;
    });
    expect(sent.sentAt).not.toBeNull();
    const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ quoteId: quote.id });
    expect(rows.map((row) => `${row.type}:${row.status}`).sort()).toEqual(['email:sent', 'sms:sent']);
    const emails = (await admin.get('/api/emails')).body as Array<{ to: string; subject: string; sent: boolean }>;
    expect(emails.find((email) => email.to === 'sam.quote@example.com')).toMatchObject({ sent: true });
  });

  it('while the mail server refuses the quote email, every board hears the failure on quote:updated, and the texted link reads, accepts and takes the deposit', async () => {
    const board = await new SocketListener(stack.api.baseUrl, admin.cookie!).connected();
    stack.smtp.refuse = true;
    try {
      const quote = await createQuote({ customerEmail: 'sam.refused@example.com', customerPhone: '0498 765 432' });
      const customer = stack.api.client();
      expect((await customer.get(`/api/quotes/${quote.id}`)).status).toBe(404);
      expect((await admin.post(`/api/quotes/${quote.id}/send-email`)).status).toBe(202);

      const failed = await eventually(() => board.received<QuoteUpdate>('quote:updated', (update) => update.id === quote.id && update.emailOutcome !== undefined)[0] ?? null);
      expect(failed).toMatchObject({ status: 'draft', emailOutcome: { status: 'failed', error: expect.stringContaining('Mailbox unavailable') } });

      const sms = await eventually(() => stack.twilio.to('+61498765432').find((message) => message.body.includes(`/quote/${quote.id}`)) ?? null);
      const linkId = /\/quote\/([A-Za-z0-9_-]{22})/.exec(sms.body)![1];
      expect(linkId).toBe(quote.id);
      const read = await customer.get(`/api/quotes/${linkId}`);
      expect(read.status).toBe(200);
      expect(read.body as PublicQuote).toMatchObject({ quoteNumber: quote.quoteNumber, status: 'sent' });
      const accepted = await customer.post(`/api/quotes/${linkId}/accept`, { name: 'Sam Walker', acceptTerms: true });
      expect(accepted.status).toBe(200);
      expect((accepted.body as AcceptQuoteResponse).next).toBe('payment');
      const intent = await customer.post(`/api/quotes/${linkId}/create-payment-intent`);
      expect(intent.status).toBe(200);
      expect((intent.body as PaymentIntentResponse).amount).toBe(30_996);
      expect(stack.smtp.to('sam.refused@example.com')).toHaveLength(0);
    } finally {
      stack.smtp.refuse = false;
      board.close();
    }
  });

  it('tells every board on quote:updated that the quote email went', async () => {
    const board = await new SocketListener(stack.api.baseUrl, admin.cookie!).connected();
    try {
      const quote = await createQuote({ customerEmail: 'sam.told@example.com', customerPhone: '0423 456 789' });
      expect((await admin.post(`/api/quotes/${quote.id}/send-email`)).status).toBe(202);
      const sent = await eventually(() => board.received<QuoteUpdate>('quote:updated', (update) => update.id === quote.id && update.emailOutcome !== undefined)[0] ?? null);
      expect(sent).toMatchObject({ status: 'sent', emailOutcome: { status: 'sent' } });
    } finally {
      board.close();
    }
  });

  it('drafts exactly one quote for a completed job, even when job.completed is delivered again', async () => {
    const created = await admin.post('/api/jobs', { customerName: 'Kim Roe', phone: '0412 345 678', service: '4x4 Recovery - Complex', location: 'Millstream Rd' });
    const job = created.body.job as Job;
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
    const drafted = await eventually(() => stack.api.dataSource.getRepository(QuoteEntity).findOneBy({ jobId: job.id }));
    expect(drafted).toMatchObject({ status: 'draft', vehicleType: 'Standard Vehicle', itemsSubtotal: 65_000, finalPrice: 65_000, depositAmount: 0 });
    expect(drafted.items).toEqual([expect.objectContaining({ description: '4x4 Recovery - Complex', quantity: 1, unitPrice: 65_000, category: 'service' })]);
    expect(Math.round((drafted.validUntil.getTime() - drafted.createdAt.getTime()) / 86_400_000)).toBe(30);
    expect(drafted.notes).toContain(job.id);

    const row = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ name: 'job.completed', payload: { jobId: job.id } as object });
    const envelope: DomainEventEnvelope = { id: row.id, name: 'job.completed', payload: { jobId: job.id }, occurredAt: row.createdAt.toISOString() };
    const queue = new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
    try {
      const again = await Promise.all([1, 2].map((n) => queue.add('job.completed', envelope, { jobId: `${row.id}-again-${n}` })));
      await eventually(async () => (await Promise.all(again.map((added) => added.isCompleted()))).every(Boolean));
    } finally {
      await queue.close();
    }
    expect(await stack.api.dataSource.getRepository(QuoteEntity).countBy({ jobId: job.id })).toBe(1);

    const unknown = await admin.post('/api/jobs', { customerName: 'Lee Hart', phone: '0412 345 678', service: 'Paint touch-up', location: 'Karratha' });
    await admin.request('PATCH', `/api/jobs/${unknown.body.job.id}`, { status: 'Completed' });
    const fallback = await eventually(() => stack.api.dataSource.getRepository(QuoteEntity).findOneBy({ jobId: unknown.body.job.id }));
    expect(fallback.finalPrice).toBe(35_000);
  });

  it('from acceptance to money: deposit paid by card, receipt with the paid tax invoice, balance invoice on completion less the deposit', async () => {
    const quote = await createQuote({ customerEmail: 'sam.pays@example.com' });
    await stack.api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent' });
    const customer = stack.api.client();
    expect((await customer.post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).body.next).toBe('payment');
    const intent = (await customer.post(`/api/quotes/${quote.id}/create-payment-intent`)).body as PaymentIntentResponse;
    expect(intent.amount).toBe(30_996);
    const event = stack.stripe.succeed(stack.stripe.intentsFor(quote.id)[0].id);
    expect((await stack.stripe.deliver(event, `${stack.api.baseUrl}/api/payments/webhook`)).status).toBe(200);

    const receipt = await parseMail(await eventually(() => stack.smtp.to('sam.pays@example.com').find((mail) => mail.raw.includes('Payment received')) ?? null));
    expect(receipt.attachments).toHaveLength(1);
    const depositText = pdfText(receipt.attachments[0].content);
    expect(depositText).toContain('TAX INVOICE');
    expect(depositText).toContain('51 824 753 556');
    expect(depositText).toMatch(/INV-\d{4}-\d{4}/);
    expect(depositText).toContain('$309.96');
    expect(depositText).toContain('$28.18');
    expect(depositText).toMatch(/PAID \d{1,2} \w+ \d{4}/i);

    const accepted = (await admin.get(`/api/quotes/${quote.id}`)).body as Quote;
    expect(accepted.status).toBe('accepted');
    const jobId = accepted.jobId!;
    // What the driver recorded on the job: a photo at pickup and the customer's signature.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
    const signature = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await stack.api.dataSource.getRepository(JobPhotoEntity).insert([
      { jobId, kind: 'pickup', contentType: 'image/jpeg', size: photo.length, data: photo, takenAt: new Date('2026-11-20T01:15:00Z'), addedBy: 'admin' },
      { jobId, kind: 'signature', contentType: 'image/png', size: signature.length, data: signature, takenAt: new Date('2026-11-20T02:40:00Z'), signedBy: 'Robin Hale', addedBy: 'admin' },
    ]);
    expect((await admin.request('PATCH', `/api/jobs/${jobId}`, { status: 'Completed' })).status).toBe(200);

    const balance = await eventually(() => stack.api.dataSource.getRepository(InvoiceEntity).findOneBy({ quoteId: quote.id, kind: 'balance' }));
    expect(balance).toMatchObject({ amount: 103_320 - 30_996, gstAmount: 6_575, status: 'pending' });
    const invoiceMail = await parseMail(await eventually(() => stack.smtp.to('sam.pays@example.com').find((mail) => mail.raw.includes(`Tax invoice ${balance.number}`)) ?? null));
    const balanceText = pdfText(invoiceMail.attachments[0].content);
    expect(balanceText).toContain(`Less deposit paid (${accepted.invoices[0].number})`);
    expect(balanceText).toContain('$723.24');
    expect(balanceText).toContain('Sam Walker');
    // The vehicle's condition and its release, with the phone's times, as pictures.
    // (A caption wraps under its thumbnail.)
    expect(balanceText.replace(/\s+/g, ' ')).toContain('Photo at pickup: 20 Nov 2026, 9:15 am');
    expect(balanceText).toContain('Signed by Robin Hale');
    expect(pdfImageCount(invoiceMail.attachments[0].content)).toBe(2);

    // The customer's dashboard lists both, for the job's phone number only.
    const listed = await stack.api.client().get(`/api/jobs/${jobId}/invoices?phone=${encodeURIComponent('+61 412 345 678')}`);
    expect(listed.body.invoices.map((invoice: { kind: string; status: string }) => `${invoice.kind}:${invoice.status}`)).toEqual(['deposit:paid', 'balance:pending']);
    const pdf = await fetch(`${stack.api.baseUrl}${listed.body.invoices[1].pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(balance.number);
    expect((await fetch(`${stack.api.baseUrl}/api/quotes/AAAAAAAAAAAAAAAAAAAAAA/invoices/${balance.number}/pdf`)).status).toBe(404);
    // Redelivering the completion sends the invoice no second time.
    expect(stack.smtp.to('sam.pays@example.com').filter((mail) => mail.raw.includes(`Tax invoice ${balance.number}`))).toHaveLength(1);
  });

  it('names the paid deposit in the balance invoice email when a negative discount line comes before the deposit line', async () => {
    // Karratha to Karratha has no location multiplier, so the 10% discount makes the adjustment line negative.
    const quote = await createQuote({ customerEmail: 'sam.discount@example.com', fromLocation: 'Karratha', toLocation: 'Karratha' });
    expect(quote).toMatchObject({ itemsSubtotal: 82_000, finalPrice: 73_800, depositAmount: 22_140, balanceAmount: 51_660 });
    await stack.api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent' });
    const customer = stack.api.client();
    expect((await customer.post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).body.next).toBe('payment');
    expect(((await customer.post(`/api/quotes/${quote.id}/create-payment-intent`)).body as PaymentIntentResponse).amount).toBe(22_140);
    const event = stack.stripe.succeed(stack.stripe.intentsFor(quote.id)[0].id);
    expect((await stack.stripe.deliver(event, `${stack.api.baseUrl}/api/payments/webhook`)).status).toBe(200);
    await eventually(() => stack.smtp.to('sam.discount@example.com').find((mail) => mail.raw.includes('Payment received')) ?? null);

    const accepted = (await admin.get(`/api/quotes/${quote.id}`)).body as Quote;
    const depositNumber = accepted.invoices[0].number;
    expect((await admin.request('PATCH', `/api/jobs/${accepted.jobId!}`, { status: 'Completed' })).status).toBe(200);
    const balance = await eventually(() => stack.api.dataSource.getRepository(InvoiceEntity).findOneBy({ quoteId: quote.id, kind: 'balance' }));
    expect(balance.amount).toBe(51_660);
    const negative = balance.lineItems.filter((line) => line.total < 0).map((line) => line.description);
    expect(negative).toEqual(['Location and discount adjustment', `Less deposit paid (${depositNumber})`]);

    const mail = await parseMail(await eventually(() => stack.smtp.to('sam.discount@example.com').find((sent) => sent.raw.includes(`Tax invoice ${balance.number}`)) ?? null));
    expect(mail.text).toContain(`Your deposit (${depositNumber}) has been taken off.`);
    expect(mail.html).toContain(`Your deposit (${depositNumber}) has been taken off.`);
    expect(pdfText(mail.attachments[0].content)).toContain(`Less deposit paid (${depositNumber})`);
  });
});
