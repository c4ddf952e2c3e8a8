import {
  type CatalogueItem,
  MAX_DISCOUNT_PERCENT,
  moneyInputOf,
  parseMoneyInput,
  type Quote,
  type QuoteInput,
  type QuoteItemCategory,
  QUOTE_MESSAGES,
  QUOTE_RULES,
  givenText,
} from '@towing/contracts';

/** An item on the form; prices in cents, the total is the contracts calculation's. */
export interface DraftItem {
  key: string;
  description: string;
  quantity: number;
  unitPrice: number;
  category: QuoteItemCategory;
}

/** The form's fields as typed; numbers may be text until they are read. */
export interface QuoteFormValues
  extends Pick<QuoteInput, 'customerName' | 'customerPhone' | 'customerEmail' | 'vehicleType' | 'service' | 'fromLocation' | 'toLocation' | 'notes'> {
  distance?: number | string | null;
  validDays?: number | string | null;
  discountPercent?: number | string | null;
  /** Dollars as typed; blank means the 30% rule. */
  deposit?: string;
}

export const BLANK_FORM: QuoteFormValues = {
  customerName: '',
  customerPhone: '',
  validDays: QUOTE_RULES.defaultValidDays,
  discountPercent: 0,
  distance: 0,
};

let keys = 0;
export const itemKey = () => `item-${(keys += 1)}`;

/** A number the person typed, or the fallback when it is not one (spec: distance and discount become 0). */
export function numberOr(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(number) && String(value ?? '').trim() !== '' ? number : fallback;
}

/** Item quantity: a whole number of at least 1; anything else becomes 1 (docs/rules.md, "Quotes and prices"). */
export function quantityOf(value: unknown): number {
  const quantity = Math.floor(numberOr(value, 1));
  return quantity >= 1 ? Math.min(quantity, QUOTE_RULES.maxQuantity) : 1;
}

export function discountOf(value: unknown): number {
  return Math.min(MAX_DISCOUNT_PERCENT, Math.max(0, Math.round(numberOr(value, 0))));
}

export function depositOf(text: string | undefined): number | null {
  return text?.trim() ? parseMoneyInput(text) : null;
}

export function fromCatalogue(item: CatalogueItem): DraftItem {
  return { key: itemKey(), description: item.description, quantity: 1, unitPrice: item.unitPrice, category: item.category };
}

/** Why the form cannot be saved yet, as the disabled button says it; null when it can. */
export function saveBlocker(values: Pick<QuoteFormValues, 'customerName' | 'customerPhone'>, items: DraftItem[]): string | null {
  if (items.length === 0) return QUOTE_MESSAGES.addItemsFirst;
  if (!values.customerName?.trim() || !values.customerPhone?.trim()) return QUOTE_MESSAGES.completeCustomerDetails;
  return null;
}

/** What a save while the form cannot be saved yet says, in the spec's order: items first, then the customer; null when it can. */
export function saveRefusal(values: Pick<QuoteFormValues, 'customerName' | 'customerPhone'>, items: DraftItem[]): string | null {
  switch (saveBlocker(values, items)) {
    case QUOTE_MESSAGES.addItemsFirst:
      return QUOTE_MESSAGES.atLeastOneItem;
    case QUOTE_MESSAGES.completeCustomerDetails:
      return QUOTE_MESSAGES.customerDetails;
    default:
      return null;
  }
}

/** The request body; the server recomputes every figure, so none is sent. */
export function toQuoteInput(values: QuoteFormValues, items: DraftItem[]): QuoteInput {
  return {
    customerName: values.customerName.trim(),
    customerPhone: values.customerPhone.trim(),
    customerEmail: givenText(values.customerEmail),
    vehicleType: givenText(values.vehicleType),
    service: givenText(values.service),
    fromLocation: givenText(values.fromLocation),
    toLocation: givenText(values.toLocation),
    distance: Math.max(0, Math.round(numberOr(values.distance, 0))),
    notes: givenText(values.notes),
    discountPercent: discountOf(values.discountPercent),
    validDays: Math.round(numberOr(values.validDays, QUOTE_RULES.defaultValidDays)),
    depositAmount: depositOf(values.deposit),
    items: items.map(({ description, quantity, unitPrice, category }) => ({ description, quantity, unitPrice, category })),
    status: 'draft',
  };
}

/** The form filled from a stored quote: for Edit, or for Duplicate (spec: ' (Copy)', draft, 14 days, no id). */
export function formFromQuote(quote: Quote, duplicate: boolean): { values: QuoteFormValues; items: DraftItem[] } {
  const validDays = Math.max(1, Math.round((Date.parse(quote.validUntil) - Date.parse(quote.createdAt)) / 86_400_000));
  return {
    values: {
      customerName: duplicate ? `${quote.customerName}${QUOTE_RULES.duplicateSuffix}` : quote.customerName,
      customerPhone: quote.customerPhone,
      customerEmail: quote.customerEmail ?? undefined,
      vehicleType: quote.vehicleType || undefined,
      service: quote.service || undefined,
      fromLocation: quote.fromLocation || undefined,
      toLocation: quote.toLocation || undefined,
      distance: quote.distance,
      validDays: duplicate ? QUOTE_RULES.duplicateValidDays : validDays,
      discountPercent: quote.discountPercent,
      deposit: quote.customDeposit ? moneyInputOf(quote.depositAmount) : undefined,
      notes: quote.notes ?? undefined,
    },
    items: quote.items.map((item) => ({ key: itemKey(), description: item.description, quantity: item.quantity, unitPrice: item.unitPrice, category: item.category })),
  };
}
