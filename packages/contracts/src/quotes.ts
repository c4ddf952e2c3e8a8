import type { QuoteItemCategory } from './catalogue.js';
import { canReceiveSms } from './phone.js';
import type { InvoiceSummary } from './invoices.js';
import type { PaymentFlag } from './payments.js';
import type { QuoteFigures } from './pricing.js';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The quote form's rules and the auto-drafted quote's (docs/rules.md, "Quotes and prices", "Jobs"). */
export const QUOTE_RULES = {
  defaultValidDays: 14,
  maxValidDays: 365,
  maxItems: 50,
  maxQuantity: 10_000,
  /** Duplicate opens the form with this validity (docs/rules.md, "Quotes and prices"). */
  duplicateValidDays: 14,
  duplicateSuffix: ' (Copy)',
} as const;

export const AUTO_QUOTE = {
  validDays: 30,
  /** Cents: the price of a completed job whose service the catalogue does not list. */
  fallbackPrice: 35_000,
  vehicleType: 'Standard Vehicle',
  /** How the drafted quote's note begins: an office note (job id, GPS), never shown to the customer. */
  notePrefix: 'Auto-generated from completed job',
} as const;

/** The drafted quote's note (docs/rules.md, "Jobs"). */
export function autoQuoteNote(jobId: string, service: string, location: string): string {
  return `${AUTO_QUOTE.notePrefix} ${jobId} (${service} at ${location}).`;
}

/** The quote's terms, printed on the document and shown on the acceptance page (docs/rules.md, "Quotes and prices"). */
export function quoteTerms(validUntil: string): string[] {
  return [`This quote is valid until ${validUntil}.`, ...STANDING_TERMS];
}

const STANDING_TERMS = [
  'Payment is due on completion of the work.',
  'Extra charges may apply for after-hours work.',
  'We accept cash, card and bank transfer.',
  'Prices include GST where applicable.',
] as const;

/** The messages of the quote form and API (docs/rules.md, "Forms"). */
export const QUOTE_MESSAGES = {
  itemDetails: 'Please fill in item details',
  atLeastOneItem: 'Please add at least one item to the quote',
  customerDetails: 'Please fill in customer details',
  addItemsFirst: 'Add Items First',
  completeCustomerDetails: 'Complete Customer Details',
  noWayToSend: 'This quote has no customer email address or mobile number. Add one with Edit, then send it.',
  paymentsUnavailable: 'Card payment is not available at the moment. Please call us to pay your deposit.',
  acceptName: 'Please type your full name to accept',
  acceptTerms: 'Please tick the box to accept the terms',
} as const;

export interface QuoteItem {
  id: string;
  description: string;
  quantity: number;
  /** Cents. */
  unitPrice: number;
  /** Cents: quantity x unitPrice, computed by the server. */
  total: number;
  category: QuoteItemCategory;
}

/** An item as a client sends it; any total it carries is ignored. */
export interface QuoteItemInput {
  id?: string;
  description: string;
  quantity: number;
  unitPrice: number;
  category: QuoteItemCategory;
  total?: number;
}

/**
 * POST /api/quotes and PUT /api/quotes/{id} (docs/rules.md, "Quotes and prices"). itemsSubtotal, basePrice,
 * discountAmount and finalPrice are accepted because the spec's form sends them, and ignored:
 * the server computes every figure. validUntil is likewise derived from validDays.
 */
export interface QuoteInput {
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
  vehicleType?: string;
  service?: string;
  fromLocation?: string;
  toLocation?: string;
  /** Whole kilometres. */
  distance?: number;
  notes?: string;
  /** Whole percent, 0-50. */
  discountPercent?: number;
  validDays?: number;
  items: QuoteItemInput[];
  /** Cents; absent or null means 30% of the final price, 0 means no deposit. */
  depositAmount?: number | null;
  itemsSubtotal?: number;
  basePrice?: number;
  discountAmount?: number;
  finalPrice?: number;
  validUntil?: string;
  status?: 'draft';
}

/** PATCH /api/quotes/{id}: Mark Accepted or Mark Rejected. */
export interface QuoteStatusRequest {
  status: QuoteStatus;
}

/** POST /api/quotes/{id}/accept: who accepted, having read the terms. */
export interface AcceptQuoteRequest {
  name: string;
  acceptTerms: boolean;
}

/** Who accepted a quote, when, and from which address. */
export interface QuoteAcceptance {
  name: string;
  at: string;
}

/** A quote as admins see it. Times ISO 8601 UTC; money in cents (figures: contracts' priceQuote). */
export interface Quote extends QuoteFigures {
  /** Unguessable (128 random bits): the customer's link /quote/{id} is the key to it. */
  id: string;
  /** What people read and say on the phone, from a database sequence. */
  quoteNumber: number;
  customerName: string;
  customerPhone: string;
  customerPhoneE164: string | null;
  customerEmail: string | null;
  vehicleType: string;
  service: string;
  fromLocation: string;
  toLocation: string;
  distance: number;
  items: QuoteItem[];
  /** True when the quote sets its own deposit rather than the 30% rule. */
  customDeposit: boolean;
  notes: string | null;
  validUntil: string;
  /** As stored, except that a draft or sent quote past validUntil reads expired. */
  status: QuoteStatus;
  jobId: string | null;
  sentAt: string | null;
  acceptance: QuoteAcceptance | null;
  depositPaid: boolean;
  invoices: InvoiceSummary[];
  /** Card payments that did not match their invoice (amount or currency): not applied, for staff to look into. */
  paymentFlags: PaymentFlag[];
  createdAt: string;
  updatedAt: string;
}

/** How an Email Quote went: sent, or failed with the reason (the worker tries it again later). */
export type QuoteEmailOutcome = { status: 'sent' } | { status: 'failed'; error: string };

/**
 * A quote as quote:updated pushes it to every admin board. The worker's push after an Email
 * Quote says how its email went, so the board that asked can tell the admin (the notifications
 * log reaches only boards with its tab open).
 */
export interface QuoteUpdate extends Quote {
  emailOutcome?: QuoteEmailOutcome;
}

/** A quote as its customer sees it on /quote/{id} (docs/rules.md, "Links"): no phone, email or job. */
export interface PublicQuote
  extends QuoteFigures,
    Pick<Quote, 'id' | 'quoteNumber' | 'customerName' | 'service' | 'vehicleType' | 'validUntil' | 'status' | 'notes' | 'acceptance' | 'depositPaid' | 'invoices'> {
  /** The route, "from -> to", or the one place. */
  location: string;
  items: Array<Omit<QuoteItem, 'id'>>;
  /**
   * The quote is for work already done (drafted from a completed job): no deposit is asked;
   * accepting it issues the tax invoice for the amount due.
   */
  workDone: boolean;
}

/** What accepting answers: the quote, and where the customer goes next. */
export interface AcceptQuoteResponse {
  quote: PublicQuote;
  /** 'payment': pay the deposit at /checkout; 'scheduled': no deposit, the job is booked; 'invoiced': work done, the tax invoice is issued. */
  next: 'payment' | 'scheduled' | 'invoiced';
  jobId: string | null;
}

/** GET /api/quotes/{id}: admins get the whole quote, anyone else the customer's view. */
export type QuoteReadResponse = Quote | PublicQuote;

/**
 * Where a quote may go, and how. draft -> sent only by emailing it (the worker marks it sent
 * once the email went); sent -> accepted or rejected; accepted, rejected and expired go nowhere.
 */
const QUOTE_MOVES: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ['sent'],
  sent: ['sent', 'accepted', 'rejected'],
  accepted: [],
  rejected: [],
  expired: [],
};

/** The status people see: a draft or sent quote past its validUntil has expired. */
export function effectiveQuoteStatus(stored: QuoteStatus, validUntil: string | Date, now: Date = new Date()): QuoteStatus {
  const expired = new Date(validUntil).getTime() < now.getTime();
  return expired && (stored === 'draft' || stored === 'sent') ? 'expired' : stored;
}

/**
 * Whether the customer's link answers: once the quote went to them, or staff asked for it to
 * go (Email Quote). The link reaches their phone by SMS before the email has gone, so a draft
 * whose sending was asked for is theirs already; a draft never sent is nobody's but staff's.
 */
export function isQuoteShownToCustomer(stored: QuoteStatus, sendRequested: boolean): boolean {
  return stored !== 'draft' || sendRequested;
}

/**
 * The status the customer holding the link sees: a draft they were sent reads sent to them
 * (staff still see draft until the email has gone), and past validUntil it has expired.
 */
export function customerQuoteStatus(stored: QuoteStatus, validUntil: string | Date, now: Date = new Date()): QuoteStatus {
  return effectiveQuoteStatus(stored === 'draft' ? 'sent' : stored, validUntil, now);
}

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_MOVES[from].includes(to);
}

/** Why an admin's status change is refused; null when allowed. Only accepted and rejected are set by hand. */
export function quoteStatusRefusal(from: QuoteStatus, to: QuoteStatus): string | null {
  if (to === 'sent') return 'A quote is marked sent by emailing it (Email Quote)';
  if (to !== 'accepted' && to !== 'rejected') return `A quote cannot be set to ${to}`;
  if (canMoveQuote(from, to)) return null;
  if (from === 'expired') return 'This quote has expired';
  return `This quote is ${from} and cannot be marked ${to}`;
}

/** An accepted quote is locked: its price is what the customer agreed to. */
export function canEditQuote(status: QuoteStatus): boolean {
  return status !== 'accepted';
}

export function canEmailQuote(status: QuoteStatus): boolean {
  return status === 'draft' || status === 'sent';
}

/** Pay Now (docs/rules.md, "Quotes and prices"): when sent or accepted. */
export function canTakePayment(status: QuoteStatus): boolean {
  return status === 'sent' || status === 'accepted';
}

/** How a quote reaches its customer: by email when they gave one, by text when their phone takes SMS (a mobile). */
export interface QuoteSendChannels {
  email: boolean;
  sms: boolean;
}

export function quoteSendChannels(quote: { customerEmail: string | null; customerPhoneE164: string | null }): QuoteSendChannels {
  return { email: quote.customerEmail !== null, sms: canReceiveSms(quote.customerPhoneE164) };
}

/** The send button says which way the quote goes; null when it has no way to go (no email, no mobile). */
export function sendQuoteLabel(channels: QuoteSendChannels): string | null {
  if (channels.email && channels.sms) return 'Email & Text Quote';
  if (channels.email) return 'Email Quote';
  if (channels.sms) return 'Text Quote';
  return null;
}

/** The toast once a quote went: the spec's for an email, its like for a text. */
export function quoteSentTitle(channels: QuoteSendChannels): string {
  return channels.email ? 'Quote emailed successfully!' : 'Quote texted successfully!';
}

/** The quote number as people read it. */
export function quoteLabel(quoteNumber: number): string {
  return `Q-${quoteNumber}`;
}

/** The file name a quote's PDF is saved under: its number, as people read it (Quote-Q-1000.pdf). */
export function quotePdfFilename(quoteNumber: number): string {
  return `Quote-${quoteLabel(quoteNumber)}.pdf`;
}

/**
 * The admin's Preview frame: the quote's PDF inline from our own origin. `version` (the quote's
 * updatedAt) makes a saved change a new address, so the frame never shows a stale PDF.
 */
export function quotePreviewPath(quoteId: string, version: string): string {
  return `/api/quotes/${encodeURIComponent(quoteId)}/preview?v=${encodeURIComponent(version)}`;
}

/** The route as one line: "Karratha -> Tom Price", or the one place given. */
export function quoteRoute(fromLocation: string, toLocation: string): string {
  if (fromLocation && toLocation && fromLocation !== toLocation) return `${fromLocation} → ${toLocation}`;
  return fromLocation || toLocation;
}

/** A moment validDays whole days after `from` (the quote's validUntil). */
export function validUntilAfter(validDays: number, from: Date = new Date()): Date {
  return new Date(from.getTime() + validDays * 86_400_000);
}
