import { parse } from 'csv-parse/sync';
import { type AcceptQuoteResponse, centsToDecimal, type Job, todayInPerth } from '@towing/contracts';
import { InvoiceEntity, QuoteEntity } from '@towing/db';
import { QUOTE_FORM, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';
import { XERO_COLUMNS } from './invoice-export.js';

/** "123.45" back to cents with integer arithmetic, as an accountant's software reads it. */
function cents(text: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('invoices out to the books', () => {
  const api = useSharedApi();
  let admin: TestClient;
  let invoices: InvoiceEntity[];
  const today = todayInPerth();
  const exportCsv = (format: string, from = today, to = today, client = admin) => client.get(`/api/accounting/invoices.csv?from=${from}&to=${to}&format=${format}`);

  /** A finished job and its quote accepted: the work is done, so its tax invoice is issued at once. */
  async function invoicedQuote(items: typeof QUOTE_FORM.items, discountPercent: number): Promise<void> {
    const job = (await admin.post('/api/jobs', { customerName: 'Sam Walker', phone: '0412 345 678', service: '4x4 Recovery', location: 'Karratha' })).body.job as Job;
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' })).status).toBe(200);
    const quote = (await admin.post('/api/quotes', { ...QUOTE_FORM, items, discountPercent, depositAmount: 0 })).body as { id: string };
    await api.dataSource.getRepository(QuoteEntity).update({ id: quote.id }, { status: 'sent', jobId: job.id });
    const accepted = await api.client().post(`/api/quotes/${quote.id}/accept`, { name: 'Sam Walker', acceptTerms: true });
    expect((accepted.body as AcceptQuoteResponse).next).toBe('invoiced');
  }

  beforeAll(async () => {
    admin = await api.adminClient();
    // Prices and discounts whose GST does not divide evenly, so rounding shows if it is wrong.
    await invoicedQuote(QUOTE_FORM.items, 10);
    await invoicedQuote([{ description: 'Winch, "heavy", per hour', quantity: 3, unitPrice: 12_345, category: 'service' }, { description: 'Shackle', quantity: 7, unitPrice: 1_999, category: 'parts' }], 7);
    await invoicedQuote([{ description: 'Call-out, Roebourne\nafter hours', quantity: 1, unitPrice: 33_301, category: 'service' }], 0);
    invoices = await api.dataSource.getRepository(InvoiceEntity).find({ order: { id: 'ASC' } });
    expect(invoices).toHaveLength(3);
  });

  it("writes Xero's sales invoice layout, one row per line, whose amounts and GST add up to each invoice's cents", async () => {
    const response = await exportCsv('xero');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`invoices-xero-${today}-to-${today}.csv`);
    const [header, ...rows] = parse(response.text) as string[][];
    expect(header).toEqual([...XERO_COLUMNS]);
    const records = rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!])));
    for (const invoice of invoices) {
      const lines = records.filter((record) => record['*InvoiceNumber'] === invoice.number);
      expect(lines).toHaveLength(invoice.lineItems.length);
      expect(sum(lines.map((line) => Number(line['*Quantity']) * cents(line['*UnitAmount']!)))).toBe(invoice.amount);
      expect(sum(lines.map((line) => cents(line.TaxAmount!)))).toBe(invoice.gstAmount);
      expect(lines.map((line) => line['*Description'])).toEqual(invoice.lineItems.map((line) => line.description));
      for (const line of lines) {
        expect(line).toMatchObject({ '*ContactName': 'Sam Walker', '*AccountCode': '200', '*TaxType': 'GST on Income', Currency: 'AUD' });
        expect(line['*InvoiceDate']).toBe(today.split('-').reverse().join('/'));
      }
    }
    expect(sum(invoices.map((invoice) => invoice.gstAmount))).toBe(sum(records.map((record) => cents(record.TaxAmount!))));
  });

  it('writes one plain row per invoice with totals and payments, the same numbers each time', async () => {
    await api.dataSource.getRepository(InvoiceEntity).update({ id: invoices[0]!.id }, { status: 'paid', paidAt: new Date(), stripePaymentIntentId: 'pi_test_paid' });
    const first = await exportCsv('plain');
    expect(first.status).toBe(200);
    const records = parse(first.text, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => record.InvoiceNumber)).toEqual(invoices.map((invoice) => invoice.number));
    expect(sum(records.map((record) => cents(record.TotalIncGst!)))).toBe(sum(invoices.map((invoice) => invoice.amount)));
    expect(sum(records.map((record) => cents(record.Gst!)))).toBe(sum(invoices.map((invoice) => invoice.gstAmount)));
    for (const record of records) expect(cents(record.TotalExGst!) + cents(record.Gst!)).toBe(cents(record.TotalIncGst!));
    expect(records[0]).toMatchObject({ Status: 'paid', AmountPaid: centsToDecimal(invoices[0]!.amount), AmountDue: '0.00', PaidDate: today, PaymentReference: 'pi_test_paid' });
    expect(sum(records.slice(1).map((record) => cents(record.AmountDue!)))).toBe(invoices[1]!.amount + invoices[2]!.amount);

    const again = await exportCsv('plain');
    expect(again.text).toBe(first.text);
  });

  it('leaves out invoices issued outside the range', async () => {
    const records = parse((await exportCsv('plain', '2020-01-01', '2020-12-31')).text, { columns: true }) as unknown[];
    expect(records).toEqual([]);
  });

  it('refuses a bad range or format with the field, and anyone but an admin', async () => {
    const backwards = await exportCsv('plain', today, '2020-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: 'to', message: 'to must be on or after from' }]);
    const bad = await admin.get(`/api/accounting/invoices.csv?from=2026-02-30&to=${today}&format=myob`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['format', 'from']);
    expect((await exportCsv('xero', today, today, api.client())).status).toBe(401);
  });
});
