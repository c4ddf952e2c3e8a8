import type { InvoiceEntity, QuoteEntity } from '@towing/db';

type Invoice = Pick<InvoiceEntity, 'kind' | 'status' | 'quoteId' | 'amount' | 'number'>;

/**
 * The paid deposit invoice a balance invoice subtracted, found in the quote's invoices rather
 * than in the balance's line text: the balance is the final price less that deposit
 * (issueBalanceInvoiceIfDue). Null for a deposit invoice, for a balance with no deposit paid,
 * and for a deposit paid only after the balance was issued (it was voided, the balance billed
 * the whole price).
 */
export function deductedDeposit<T extends Invoice>(balance: Invoice, quote: Pick<QuoteEntity, 'id' | 'finalPrice'>, invoices: readonly T[]): T | null {
  if (balance.kind !== 'balance') return null;
  const deposit = invoices.find((invoice) => invoice.kind === 'deposit' && invoice.quoteId === quote.id && invoice.status === 'paid');
  return deposit && balance.amount === quote.finalPrice - deposit.amount ? deposit : null;
}
