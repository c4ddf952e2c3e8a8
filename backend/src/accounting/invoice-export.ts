import { stringify } from 'csv-stringify/sync';
import { centsToDecimal, gstIncluded, type InvoiceKind, type InvoiceLine, type InvoiceStatus, todayInPerth } from '@towing/contracts';

/** What the export reads of one stored invoice. */
export interface ExportedInvoice {
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  jobId: string | null;
  quoteId: string | null;
  /** Cents, GST inclusive. */
  amount: number;
  gstAmount: number;
  lineItems: InvoiceLine[];
  issuedAt: Date;
  dueDate: string | null;
  paidAt: Date | null;
  stripePaymentIntentId: string | null;
}

/**
 * Xero's sales invoice import template, in its order (* marks what Xero requires). Our prices
 * are GST inclusive, so the file is imported with "Tax inclusive" amounts; TaxAmount carries
 * the GST of each line so that Xero's totals are the invoice's to the cent.
 */
export const XERO_COLUMNS = [
  '*ContactName', 'EmailAddress', 'POAddressLine1', 'POAddressLine2', 'POAddressLine3', 'POAddressLine4', 'POCity', 'PORegion', 'POPostalCode', 'POCountry',
  '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'InventoryItemCode', '*Description', '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TaxAmount',
  'TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2', 'Currency', 'BrandingTheme',
] as const;

/** Xero's default revenue account ("Sales") in an Australian organisation. */
export const XERO_SALES_ACCOUNT = '200';
export const XERO_GST_ON_INCOME = 'GST on Income';

export const PLAIN_COLUMNS = [
  'InvoiceNumber', 'Kind', 'Status', 'IssuedDate', 'DueDate', 'ContactName', 'EmailAddress', 'Phone', 'JobId', 'QuoteId',
  'TotalIncGst', 'Gst', 'TotalExGst', 'AmountPaid', 'PaidDate', 'AmountDue', 'PaymentReference', 'Currency',
] as const;

/** A Perth date as Xero reads dates in an Australian organisation: DD/MM/YYYY. */
function xeroDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** A deposit is due on issue; a balance invoice on its due date. */
function dueDay(invoice: ExportedInvoice): string {
  return invoice.dueDate ?? todayInPerth(invoice.issuedAt);
}

/**
 * Each line's GST as Xero would work it out from the GST-inclusive line total, with the
 * rounding difference to the invoice's GST (worked out once on the total) put on the largest line.
 */
export function lineGst(invoice: Pick<ExportedInvoice, 'lineItems' | 'gstAmount'>): number[] {
  const gst = invoice.lineItems.map((line) => Math.sign(line.total) * gstIncluded(Math.abs(line.total)));
  if (gst.length === 0) return gst;
  const largest = invoice.lineItems.reduce((best, line, index) => (line.total > invoice.lineItems[best]!.total ? index : best), 0);
  gst[largest]! += invoice.gstAmount - gst.reduce((sum, value) => sum + value, 0);
  return gst;
}

/** One row per line of every invoice not voided (a void invoice was replaced, so it is not in the books). */
export function xeroCsv(invoices: readonly ExportedInvoice[]): string {
  const rows = invoices
    .filter((invoice) => invoice.status !== 'void')
    .flatMap((invoice) => {
      const gst = lineGst(invoice);
      return invoice.lineItems.map((line: InvoiceLine, index) => {
        const row: Record<(typeof XERO_COLUMNS)[number], string> = Object.fromEntries(XERO_COLUMNS.map((column) => [column, ''])) as never;
        row['*ContactName'] = invoice.customerName;
        row.EmailAddress = invoice.customerEmail ?? '';
        row['*InvoiceNumber'] = invoice.number;
        row.Reference = invoice.jobId ? `Job ${invoice.jobId}` : '';
        row['*InvoiceDate'] = xeroDate(todayInPerth(invoice.issuedAt));
        row['*DueDate'] = xeroDate(dueDay(invoice));
        row['*Description'] = line.description;
        row['*Quantity'] = String(line.quantity);
        row['*UnitAmount'] = centsToDecimal(line.unitPrice);
        row['*AccountCode'] = XERO_SALES_ACCOUNT;
        row['*TaxType'] = XERO_GST_ON_INCOME;
        row.TaxAmount = centsToDecimal(gst[index]!);
        row.Currency = 'AUD';
        return XERO_COLUMNS.map((column) => row[column]);
      });
    });
  return stringify(rows, { header: true, columns: [...XERO_COLUMNS] });
}

/** One row per invoice, void ones included with their status, with what was paid and when. */
export function plainCsv(invoices: readonly ExportedInvoice[]): string {
  const rows = invoices.map((invoice) => {
    const paid = invoice.status === 'paid' ? invoice.amount : 0;
    const due = invoice.status === 'pending' ? invoice.amount : 0;
    return [
      invoice.number,
      invoice.kind,
      invoice.status,
      todayInPerth(invoice.issuedAt),
      dueDay(invoice),
      invoice.customerName,
      invoice.customerEmail ?? '',
      invoice.customerPhone ?? '',
      invoice.jobId ?? '',
      invoice.quoteId ?? '',
      centsToDecimal(invoice.amount),
      centsToDecimal(invoice.gstAmount),
      centsToDecimal(invoice.amount - invoice.gstAmount),
      centsToDecimal(paid),
      invoice.paidAt ? todayInPerth(invoice.paidAt) : '',
      centsToDecimal(due),
      invoice.stripePaymentIntentId ?? '',
      'AUD',
    ];
  });
  return stringify(rows, { header: true, columns: [...PLAIN_COLUMNS] });
}
