import { LOCATION_MULTIPLIERS } from './catalogue.js';
import { formatWholeNumber } from './numbers.js';

/**
 * THE quote price calculation (docs/rules.md, "Quote prices"), used by the quote form for its live
 * total and by the API, which recomputes every stored figure from the items and ignores any
 * totals a client sends. All money is integer cents.
 *
 * Rounding rule: a figure that is not already whole cents is rounded half up to the cent at
 * the step that produces it (base price, discount, deposit, GST), and each later step works
 * from the rounded figure. Multipliers and percentages are exact integers (hundredths and whole
 * percent), so no step depends on binary floating point.
 */

export const DEFAULT_MULTIPLIER_HUNDREDTHS = 100;
export const MAX_DISCOUNT_PERCENT = 50;
/** 30% of the final price unless the quote sets its own deposit (docs/rules.md, "Quote prices"). */
export const DEFAULT_DEPOSIT_PERCENT = 30;
/** The largest subtotal a quote may carry (ten million dollars): keeps every product exact in a double. */
export const MAX_QUOTE_CENTS = 1_000_000_000;

export interface PricedItemInput {
  quantity: number;
  /** Cents. */
  unitPrice: number;
}

export interface QuotePriceInput {
  items: readonly PricedItemInput[];
  fromLocation?: string | null;
  toLocation?: string | null;
  /** Whole percent, 0-50. */
  discountPercent?: number;
  /** Cents; absent or null means the default 30% of the final price. */
  depositAmount?: number | null;
}

export interface QuotePrice {
  /** Each item's quantity x unit price, in the order given. */
  itemTotals: number[];
  itemsSubtotal: number;
  multiplierHundredths: number;
  basePrice: number;
  discountPercent: number;
  discountAmount: number;
  finalPrice: number;
  depositAmount: number;
  balanceAmount: number;
  /** The GST included in the final price (1/11 of it). */
  gstIncluded: number;
}

/** True when the items' subtotal is within what a quote may carry. */
export function withinQuoteLimit(items: readonly PricedItemInput[]): boolean {
  return items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0) <= MAX_QUOTE_CENTS;
}

/** Every figure of a priced quote, as quotes carry them. */
export type QuoteFigures = Omit<QuotePrice, 'itemTotals'>;

/** round(numerator / denominator), halves rounded up; both non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** percent% of cents, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return divideRoundHalfUp(cents * percent, 100);
}

/** The GST inside a GST-inclusive price: 1/11 of it, rounded half up to the cent (ATO). */
export function gstIncluded(cents: number): number {
  return divideRoundHalfUp(cents, 11);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const TOWN_PATTERNS = LOCATION_MULTIPLIERS.map((entry) => ({
  ...entry,
  pattern: new RegExp(`(^|[^a-z])${escapeRegExp(entry.town.toLowerCase())}([^a-z]|$)`),
}));

/**
 * The multiplier of a location as typed: the largest of the towns it names ("Millstream Rd,
 * 60 km from Tom Price" is Tom Price), or 1 when it names none.
 */
export function locationMultiplier(location: string | null | undefined): number {
  const text = (location ?? '').toLowerCase();
  return TOWN_PATTERNS.reduce(
    (largest, entry) => (entry.pattern.test(text) ? Math.max(largest, entry.hundredths) : largest),
    DEFAULT_MULTIPLIER_HUNDREDTHS,
  );
}

/** The larger of the from-location and to-location multipliers, in hundredths. */
export function routeMultiplier(fromLocation?: string | null, toLocation?: string | null): number {
  return Math.max(locationMultiplier(fromLocation), locationMultiplier(toLocation));
}

/** 115 -> "1.15" */
export function formatMultiplier(hundredths: number): string {
  return (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** The deposit the customer pays on acceptance: the quote's own figure, else 30% of the final price. */
export function depositFor(finalPrice: number, depositAmount?: number | null): number {
  if (depositAmount === null || depositAmount === undefined) return percentOf(finalPrice, DEFAULT_DEPOSIT_PERCENT);
  return Math.min(depositAmount, finalPrice);
}

/** Every figure of a quote from its items, route, discount and deposit. */
export function priceQuote(input: QuotePriceInput): QuotePrice {
  const itemTotals = input.items.map((item) => item.quantity * item.unitPrice);
  const itemsSubtotal = itemTotals.reduce((sum, total) => sum + total, 0);
  const multiplierHundredths = routeMultiplier(input.fromLocation, input.toLocation);
  const basePrice = divideRoundHalfUp(itemsSubtotal * multiplierHundredths, 100);
  const discountPercent = input.discountPercent ?? 0;
  const discountAmount = percentOf(basePrice, discountPercent);
  const finalPrice = basePrice - discountAmount;
  const depositAmount = depositFor(finalPrice, input.depositAmount);
  return {
    itemTotals,
    itemsSubtotal,
    multiplierHundredths,
    basePrice,
    discountPercent,
    discountAmount,
    finalPrice,
    depositAmount,
    balanceAmount: finalPrice - depositAmount,
    gstIncluded: gstIncluded(finalPrice),
  };
}

/** Whole dollars to cents, for price lists written in dollars. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Cents as the site shows money: $1,234.50 (en-AU). Price lists show whole dollars
 * (`wholeDollars`: $1,330), rounded half up.
 */
export function formatMoney(cents: number, { wholeDollars = false }: { wholeDollars?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  if (wholeDollars) return `${sign}$${formatWholeNumber(divideRoundHalfUp(abs, 100))}`;
  const dollars = formatWholeNumber(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a money box shows them to edit: "1200.50", which {@link parseMoneyInput} reads back. */
export function moneyInputOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A dollars-and-cents figure as typed ("12.5", "$1,200") to cents; null when it is not one. */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
