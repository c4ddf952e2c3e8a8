import { Queue } from 'bullmq';
import { type PdfRenderRequest, type Quote, QUEUES } from '@towing/contracts';
import { InvoiceEntity, QuoteEntity } from '@towing/db';
import { eventually, pdfText, QUOTE_FORM, leaseSharedStack, type SystemLease } from '@towing/testkit';

describe('a public invoice PDF', () => {
  let stack: SystemLease;
  let renders: Queue<PdfRenderRequest>;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
    renders = new Queue(QUEUES.pdfRender, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
  });
  afterAll(async () => {
    await renders?.close();
    await stack?.release();
  });

  /** The render requests the API put on the worker's pdf-render queue for this document. */
  const rendersOf = async (id: string) => (await renders.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter((job) => job.data.id === id).length;

  it('is rendered once per version of its invoice, however many ask at once, and served from storage after that', async () => {
    const admin = await stack.api.adminClient();
    const quote = (await admin.post('/api/quotes', QUOTE_FORM)).body as Quote;
    await stack.api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent', sentAt: new Date() });
    const customer = stack.api.client();
    expect((await customer.post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true })).status).toBe(200);
    expect((await customer.post(`/api/quotes/${quote.id}/create-payment-intent`)).status).toBe(200);
    const invoice = await stack.api.dataSource.getRepository(InvoiceEntity).findOneByOrFail({ quoteId: quote.id });
    const url = `${stack.api.baseUrl}/api/quotes/${quote.id}/invoices/${invoice.number}/pdf`;
    const download = async () => {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };

    const parallel = await Promise.all(Array.from({ length: 20 }, download));
    expect(await rendersOf(invoice.number)).toBe(1);
    expect(pdfText(parallel[0]!)).toContain(invoice.number);
    for (const bytes of parallel) expect(bytes.equals(parallel[0]!)).toBe(true);
    await download();
    expect(await rendersOf(invoice.number)).toBe(1);

    // Paid: a new version of the invoice, so one new render, then storage again.
    const [intent] = stack.stripe.intentsFor(quote.id);
    expect((await stack.stripe.deliver(stack.stripe.succeed(intent!.id), `${stack.api.baseUrl}/api/payments/webhook`)).status).toBe(200);
    await eventually(async () => (await stack.api.dataSource.getRepository(InvoiceEntity).findOneByOrFail({ id: invoice.id })).status === 'paid');
    const paid = await Promise.all(Array.from({ length: 5 }, download));
    expect(paid[0]!.equals(parallel[0]!)).toBe(false);
    expect(await rendersOf(invoice.number)).toBe(2);
  });
});
