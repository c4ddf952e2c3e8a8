import type { EntityManager } from 'typeorm';
import { balanceInvoiceFigures, quoteLabel, TAX_INVOICE, todayInPerth } from '@towing/contracts';
import { InvoiceEntity } from '../entities/invoice.entity.js';
import { JobEntity } from '../entities/job.entity.js';
import type { QuoteEntity } from '../entities/quote.entity.js';
import { invoicePartyOf, invoicesOfQuote, issueInvoice } from './quote-rows.js';

/**
 * Issues the quote's balance invoice once it is due: the quote accepted and its job completed,
 * whichever happened last. The paid deposit is subtracted; a deposit asked for but never paid
 * is voided, so the customer is billed once. Null when not due or already issued. The caller
 * holds the quote's row lock.
 */
export async function issueBalanceInvoiceIfDue(manager: EntityManager, quote: QuoteEntity, now = new Date()): Promise<InvoiceEntity | null> {
  if (quote.status !== 'accepted' || !quote.jobId) return null;
  const job = await manager.getRepository(JobEntity).findOneBy({ id: quote.jobId });
  if (job?.status !== 'Completed') return null;
  const invoices = await invoicesOfQuote(manager, quote.id);
  if (invoices.some((invoice) => invoice.kind === 'balance')) return null;

  const deposit = invoices.find((invoice) => invoice.kind === 'deposit');
  if (deposit && deposit.status === 'pending') {
    await manager.getRepository(InvoiceEntity).update({ id: deposit.id }, { status: 'void' });
  }
  const paid = deposit?.status === 'paid' ? { number: deposit.number, amount: deposit.amount } : null;
  const figures = balanceInvoiceFigures(
    { label: quoteLabel(quote.quoteNumber), items: quote.items, adjustment: quote.finalPrice - quote.itemsSubtotal, finalPrice: quote.finalPrice },
    paid,
  );
  const due = new Date(now.getTime() + TAX_INVOICE.balanceDueDays * 86_400_000);
  return issueInvoice(
    manager,
    {
      kind: 'balance',
      ...invoicePartyOf(quote),
      amount: figures.amount,
      gstAmount: figures.gstAmount,
      lineItems: figures.lines,
      dueDate: todayInPerth(due),
      // A balance of nothing (the deposit covered it all) is settled on issue.
      ...(figures.amount === 0 ? { status: 'paid' as const, paidAt: now } : {}),
    },
    now,
  );
}
