import type { JobProof } from './lookup.js';
import { gstIncluded } from './pricing.js';

/**
 * deposit: issued when the customer is asked for the quote's deposit.
 * balance: issued once the work is done and the quote accepted; the quote's final price less
 * any deposit paid (the whole price when there was none).
 */
export const INVOICE_KINDS = ['deposit', 'balance'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** pending: issued, not paid; paid: the money arrived; void: replaced (an unpaid deposit folded into the balance). */
export const INVOICE_STATUSES = ['pending', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Australian tax invoice rules (ATO): the words "Tax Invoice", the seller's ABN, the GST
 * included, and from this amount (GST inclusive, cents) the buyer's identity or ABN.
 */
export const TAX_INVOICE = {
  title: 'Tax Invoice',
  buyerIdentityFrom: 100_000,
  /** Days after issue a balance invoice is due. */
  balanceDueDays: 7,
} as const;

export function buyerIdentityRequired(amount: number): boolean {
  return amount >= TAX_INVOICE.buyerIdentityFrom;
}

/** INV-2026-0001: the year in Perth and a number from a sequence, at least four digits. */
export function invoiceNumber(year: string, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Cents, GST inclusive; negative for a deduction (the deposit paid). */
  unitPrice: number;
  total: number;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  /** Cents, GST inclusive. */
  amount: number;
  gstAmount: number;
}

/** The deposit invoice of a quote: one line for the deposit. */
export function depositInvoiceFigures(quoteLabel: string, depositAmount: number): InvoiceFigures {
  return {
    lines: [{ description: `Deposit on quote ${quoteLabel}`, quantity: 1, unitPrice: depositAmount, total: depositAmount }],
    amount: depositAmount,
    gstAmount: gstIncluded(depositAmount),
  };
}

export interface BalanceInvoiceQuote {
  label: string;
  items: ReadonlyArray<{ description: string; quantity: number; unitPrice: number; total: number }>;
  /** Cents: what the route multiplier and discount did to the items' subtotal (final - subtotal). */
  adjustment: number;
  finalPrice: number;
}

/**
 * The balance invoice: the quote's items, one line for the route multiplier and discount
 * together when they changed the price, and the paid deposit subtracted.
 */
export function balanceInvoiceFigures(quote: BalanceInvoiceQuote, paidDeposit: { number: string; amount: number } | null): InvoiceFigures {
  const lines: InvoiceLine[] = quote.items.map((item) => ({ ...item }));
  if (quote.adjustment !== 0) {
    lines.push({ description: 'Location and discount adjustment', quantity: 1, unitPrice: quote.adjustment, total: quote.adjustment });
  }
  if (paidDeposit) {
    lines.push({ description: `Less deposit paid (${paidDeposit.number})`, quantity: 1, unitPrice: -paidDeposit.amount, total: -paidDeposit.amount });
  }
  const amount = quote.finalPrice - (paidDeposit?.amount ?? 0);
  return { lines, amount, gstAmount: gstIncluded(amount) };
}

/** An invoice as it is listed on its quote and on the customer's dashboard. */
export interface InvoiceSummary {
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  /** Cents, GST inclusive. */
  amount: number;
  gstAmount: number;
  issuedAt: string;
  dueDate: string | null;
  paidAt: string | null;
  /** The PDF, for whoever holds this link (the customer's quote link lists it). */
  pdfUrl: string;
}

/**
 * GET /api/jobs/{id}/invoices takes the proofs of the other customer screens: the last four
 * digits of the job's phone or its tracking link's token from a visitor, none from the account
 * that created or proved the job, or from staff. A whole phone number given proves no more
 * than its last four digits.
 */
export interface JobInvoicesQuery extends Omit<JobProof, 'query'> {
  phone?: string;
}

export interface JobInvoicesResponse {
  invoices: InvoiceSummary[];
}
