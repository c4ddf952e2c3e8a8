import { AUTO_QUOTE, customerQuoteStatus, effectiveQuoteStatus, gstIncluded, type InvoiceSummary, type PublicQuote, type Quote, type QuoteFigures, quoteRoute } from '@towing/contracts';
import type { InvoiceEntity } from '../entities/invoice.entity.js';
import type { QuoteEntity } from '../entities/quote.entity.js';
import { depositOf } from '../quotes/quote-rows.js';
import { toInvoiceSummary } from './invoice.view.js';

function depositPaid(invoices: readonly InvoiceEntity[]): boolean {
  return invoices.some((invoice) => invoice.kind === 'deposit' && invoice.status === 'paid');
}

function summaries(quote: QuoteEntity, invoices: readonly InvoiceEntity[]): InvoiceSummary[] {
  return invoices.filter((invoice) => invoice.status !== 'void').map((invoice) => toInvoiceSummary(invoice, quote.id));
}

/**
 * Every figure of a stored quote (integer cents), the deposit, balance and GST worked out once:
 * the quote's views and its printed PDF both take them from here.
 */
export function quoteFigures(quote: QuoteEntity): QuoteFigures {
  const depositAmount = depositOf(quote);
  return {
    itemsSubtotal: quote.itemsSubtotal,
    multiplierHundredths: quote.multiplierHundredths,
    basePrice: quote.basePrice,
    discountPercent: quote.discountPercent,
    discountAmount: quote.discountAmount,
    finalPrice: quote.finalPrice,
    depositAmount,
    balanceAmount: quote.finalPrice - depositAmount,
    gstIncluded: gstIncluded(quote.finalPrice),
  };
}

/** A quote as admins see it over REST and sockets, with its invoices. */
export function toQuoteView(quote: QuoteEntity, invoices: readonly InvoiceEntity[], now = new Date()): Quote {
  const figures = quoteFigures(quote);
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    customerName: quote.customerName,
    customerPhone: quote.customerPhone,
    customerPhoneE164: quote.customerPhoneE164,
    customerEmail: quote.customerEmail,
    vehicleType: quote.vehicleType,
    service: quote.service,
    fromLocation: quote.fromLocation,
    toLocation: quote.toLocation,
    distance: quote.distance,
    items: quote.items,
    ...figures,
    customDeposit: quote.depositAmount !== null,
    notes: quote.notes,
    validUntil: quote.validUntil.toISOString(),
    status: effectiveQuoteStatus(quote.status, quote.validUntil, now),
    jobId: quote.jobId,
    sentAt: quote.sentAt?.toISOString() ?? null,
    acceptance: quote.acceptedName && quote.acceptedAt ? { name: quote.acceptedName, at: quote.acceptedAt.toISOString() } : null,
    depositPaid: depositPaid(invoices),
    invoices: summaries(quote, invoices),
    paymentFlags: invoices.flatMap((invoice) => (invoice.paymentFlag ? [{ invoiceNumber: invoice.number, ...invoice.paymentFlag }] : [])),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
  };
}

/**
 * What the customer holding the link sees: no phone, email, job or who sent it, nor the office's
 * words (the drafted quote's vehicle placeholder and its note with the job and GPS). Only for a
 * quote shown to them (contracts' isQuoteShownToCustomer); its status is the one they see.
 * `workDone`: its job is completed (contracts' PublicQuote).
 */
export function toPublicQuoteView(quote: QuoteEntity, invoices: readonly InvoiceEntity[], workDone: boolean, now = new Date()): PublicQuote {
  const view = toQuoteView(quote, invoices, now);
  return {
    id: view.id,
    quoteNumber: view.quoteNumber,
    customerName: view.customerName,
    service: view.service,
    vehicleType: view.vehicleType === AUTO_QUOTE.vehicleType ? '' : view.vehicleType,
    location: quoteRoute(view.fromLocation, view.toLocation),
    validUntil: view.validUntil,
    status: customerQuoteStatus(quote.status, quote.validUntil, now),
    items: view.items.map(({ id: _id, ...item }) => item),
    ...figuresOf(view),
    notes: view.notes?.startsWith(AUTO_QUOTE.notePrefix) ? null : view.notes,
    acceptance: view.acceptance,
    depositPaid: view.depositPaid,
    invoices: view.invoices,
    workDone,
  };
}

function figuresOf(view: Quote): QuoteFigures {
  const { itemsSubtotal, multiplierHundredths, basePrice, discountPercent, discountAmount, finalPrice, depositAmount, balanceAmount, gstIncluded } = view;
  return { itemsSubtotal, multiplierHundredths, basePrice, discountPercent, discountAmount, finalPrice, depositAmount, balanceAmount, gstIncluded };
}
