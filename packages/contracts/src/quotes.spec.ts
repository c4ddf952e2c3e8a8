import { QUOTE_STATUSES, canEditQuote, canEmailQuote, canMoveQuote, canTakePayment, customerQuoteStatus, effectiveQuoteStatus, isQuoteShownToCustomer, quoteStatusRefusal } from './quotes.js';
import { balanceInvoiceFigures, buyerIdentityRequired, depositInvoiceFigures, invoiceNumber } from './invoices.js';

describe('the quote state machine', () => {
  it('lets a draft go only to sent, a sent quote to accepted or rejected, and nothing leave accepted, rejected or expired', () => {
    const allowed = QUOTE_STATUSES.flatMap((from) => QUOTE_STATUSES.filter((to) => canMoveQuote(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(['draft->sent', 'sent->accepted', 'sent->rejected', 'sent->sent']);
  });

  it('refuses setting sent by hand (only Email Quote sends) and explains every other refusal', () => {
    expect(quoteStatusRefusal('draft', 'sent')).toMatch(/emailing/);
    expect(quoteStatusRefusal('draft', 'accepted')).toBe('This quote is draft and cannot be marked accepted');
    expect(quoteStatusRefusal('accepted', 'rejected')).toBe('This quote is accepted and cannot be marked rejected');
    expect(quoteStatusRefusal('expired', 'accepted')).toBe('This quote has expired');
    expect(quoteStatusRefusal('sent', 'draft')).toBe('A quote cannot be set to draft');
    expect(quoteStatusRefusal('sent', 'accepted')).toBeNull();
    expect(quoteStatusRefusal('sent', 'rejected')).toBeNull();
  });

  it('reads a draft or sent quote past validUntil as expired, leaving decided ones as they are', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const past = '2026-02-28T23:59:59Z';
    const future = '2026-03-01T00:00:01Z';
    expect(effectiveQuoteStatus('sent', past, now)).toBe('expired');
    expect(effectiveQuoteStatus('draft', past, now)).toBe('expired');
    expect(effectiveQuoteStatus('accepted', past, now)).toBe('accepted');
    expect(effectiveQuoteStatus('rejected', past, now)).toBe('rejected');
    expect(effectiveQuoteStatus('sent', future, now)).toBe('sent');
  });

  it('locks an accepted quote, emails drafts and sent quotes, and takes payment when sent or accepted', () => {
    expect(QUOTE_STATUSES.filter(canEditQuote)).toEqual(['draft', 'sent', 'rejected', 'expired']);
    expect(QUOTE_STATUSES.filter(canEmailQuote)).toEqual(['draft', 'sent']);
    expect(QUOTE_STATUSES.filter(canTakePayment)).toEqual(['sent', 'accepted']);
  });
});

describe("the customer's link", () => {
  it('answers once the quote was sent or its sending asked for, never for a draft nobody sent', () => {
    expect(isQuoteShownToCustomer('draft', false)).toBe(false);
    expect(isQuoteShownToCustomer('draft', true)).toBe(true);
    for (const status of ['sent', 'accepted', 'rejected', 'expired'] as const) expect(isQuoteShownToCustomer(status, false)).toBe(true);
  });

  it('reads a draft they were sent as sent, and expired past validUntil', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(customerQuoteStatus('draft', '2026-03-02T00:00:00Z', now)).toBe('sent');
    expect(customerQuoteStatus('draft', '2026-02-28T00:00:00Z', now)).toBe('expired');
    expect(customerQuoteStatus('accepted', '2026-02-28T00:00:00Z', now)).toBe('accepted');
    expect(customerQuoteStatus('rejected', '2026-03-02T00:00:00Z', now)).toBe('rejected');
  });
});

describe('tax invoice figures', () => {
  it('numbers invoices INV-YYYY-NNNN', () => {
    expect(invoiceNumber('2026', 1)).toBe('INV-2026-0001');
    expect(invoiceNumber('2026', 12345)).toBe('INV-2026-12345');
  });

  it('puts 1/11 of the price as GST and asks for the buyer from $1,000', () => {
    expect(depositInvoiceFigures('Q-1000', 10_500)).toEqual({
      lines: [{ description: 'Deposit on quote Q-1000', quantity: 1, unitPrice: 10_500, total: 10_500 }],
      amount: 10_500,
      gstAmount: 955,
    });
    expect(buyerIdentityRequired(99_999)).toBe(false);
    expect(buyerIdentityRequired(100_000)).toBe(true);
  });

  it('subtracts the paid deposit on the balance invoice and shows the route and discount as one line', () => {
    const figures = balanceInvoiceFigures(
      { label: 'Q-1000', items: [{ description: 'Recovery Basic', quantity: 1, unitPrice: 38_000, total: 38_000 }], adjustment: 15_200, finalPrice: 53_200 },
      { number: 'INV-2026-0001', amount: 15_960 },
    );
    expect(figures.amount).toBe(37_240);
    expect(figures.lines.map((line) => line.total)).toEqual([38_000, 15_200, -15_960]);
    expect(figures.lines.reduce((sum, line) => sum + line.total, 0)).toBe(figures.amount);
    expect(figures.gstAmount).toBe(3_385);
  });
});
