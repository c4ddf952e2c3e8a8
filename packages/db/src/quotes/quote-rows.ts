import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  depositFor,
  invoiceNumber,
  isQuoteShownToCustomer,
  priceQuote,
  type QuoteInput,
  type QuoteItemInput,
  toE164,
  validUntilAfter,
  yearInPerth,
} from '@towing/contracts';
import { InvoiceEntity } from '../entities/invoice.entity.js';
import { QuoteEntity } from '../entities/quote.entity.js';

/** 128 random bits as base64url (22 characters): nobody can guess or walk to another customer's quote. */
export function newQuoteId(): string {
  return randomBytes(16).toString('base64url');
}

/** What a quote is made from, by the admin's form or by the worker's auto-draft; prices in cents. */
export interface QuoteDraft
  extends Required<Pick<QuoteInput, 'customerName' | 'customerPhone' | 'vehicleType' | 'service' | 'fromLocation' | 'toLocation' | 'distance' | 'discountPercent' | 'validDays'>> {
  customerEmail: string | null;
  notes: string | null;
  depositAmount: number | null;
  items: ReadonlyArray<Omit<QuoteItemInput, 'total'>>;
}

/**
 * The columns of a quote from its draft: every figure from contracts' one price calculation,
 * whatever totals the draft's sender had in mind. Saved as draft (docs/rules.md, "Quotes and prices").
 */
export function quoteColumns(draft: QuoteDraft, now = new Date()): Partial<QuoteEntity> {
  const price = priceQuote(draft);
  return {
    customerName: draft.customerName,
    customerPhone: draft.customerPhone,
    customerPhoneE164: toE164(draft.customerPhone),
    customerEmail: draft.customerEmail,
    vehicleType: draft.vehicleType,
    service: draft.service,
    fromLocation: draft.fromLocation,
    toLocation: draft.toLocation,
    distance: draft.distance,
    notes: draft.notes,
    items: draft.items.map((item, index) => ({
      id: item.id ?? randomUUID(),
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: price.itemTotals[index],
      category: item.category,
    })),
    itemsSubtotal: price.itemsSubtotal,
    multiplierHundredths: price.multiplierHundredths,
    basePrice: price.basePrice,
    discountPercent: price.discountPercent,
    discountAmount: price.discountAmount,
    finalPrice: price.finalPrice,
    depositAmount: draft.depositAmount,
    validUntil: validUntilAfter(draft.validDays, now),
    status: 'draft',
  };
}

/** The deposit the customer is asked for. */
export function depositOf(quote: Pick<QuoteEntity, 'finalPrice' | 'depositAmount'>): number {
  return depositFor(quote.finalPrice, quote.depositAmount);
}

/** Whether the customer's link answers for this quote (contracts' isQuoteShownToCustomer). */
export function shownToCustomer(quote: Pick<QuoteEntity, 'status' | 'sendRequestedAt'>): boolean {
  return isQuoteShownToCustomer(quote.status, quote.sendRequestedAt !== null);
}

/** Who an invoice of the quote bills, and what it refers to. */
export function invoicePartyOf(quote: QuoteEntity): Pick<InvoiceEntity, 'jobId' | 'quoteId' | 'customerName' | 'customerEmail' | 'customerPhone'> {
  return { jobId: quote.jobId, quoteId: quote.id, customerName: quote.customerName, customerEmail: quote.customerEmail, customerPhone: quote.customerPhone };
}

export type NewInvoice = Pick<InvoiceEntity, 'kind' | 'jobId' | 'quoteId' | 'customerName' | 'customerEmail' | 'customerPhone' | 'amount' | 'gstAmount' | 'lineItems' | 'dueDate'> &
  Partial<Pick<InvoiceEntity, 'status' | 'stripePaymentIntentId' | 'paidAt'>>;

/**
 * Issues a tax invoice inside the caller's transaction, numbered INV-{year in Perth}-{n} from
 * the invoice sequence. One invoice per quote and kind (a unique constraint): the caller
 * checks first, under the quote's row lock.
 */
export async function issueInvoice(manager: EntityManager, fields: NewInvoice, now = new Date()): Promise<InvoiceEntity> {
  const [{ n }] = (await manager.query(`SELECT nextval('invoice_number_seq')::int AS n`)) as Array<{ n: number }>;
  const invoices = manager.getRepository(InvoiceEntity);
  return invoices.save(
    invoices.create({
      ...fields,
      number: invoiceNumber(yearInPerth(now), n),
      customerPhoneE164: fields.customerPhone ? toE164(fields.customerPhone) : null,
    }),
  );
}

/** A quote's invoices, oldest first. */
export function invoicesOfQuote(manager: EntityManager, quoteId: string): Promise<InvoiceEntity[]> {
  return manager.getRepository(InvoiceEntity).find({ where: { quoteId }, order: { issuedAt: 'ASC', id: 'ASC' } });
}
