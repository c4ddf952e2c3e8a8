import { Inject, Injectable, Logger, type ServiceUnavailableException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  canTakePayment,
  customerQuoteStatus,
  depositInvoiceFigures,
  PAYMENT_CURRENCY,
  type PaymentIntentResponse,
  QUOTE_MESSAGES,
  quoteLabel,
} from '@towing/contracts';
import { depositOf, InvoiceEntity, invoicePartyOf, invoicesOfQuote, issueInvoice, QuoteEntity, shownToCustomer, StripeEventEntity, toQuoteView } from '@towing/db';
import { badGateway, conflict, unavailable } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { QuoteAcceptanceService } from '../quotes/quote-acceptance.service.js';
import { isQuoteId, quoteNotFound } from '../quotes/quote-errors.js';
import { workDone } from '../quotes/work-done.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { PAYMENTS, type PaymentEvent, type PaymentProvider } from './payment-provider.js';

export function paymentsUnavailable(): ServiceUnavailableException {
  return unavailable(QUOTE_MESSAGES.paymentsUnavailable);
}

/**
 * Deposits by card: the PaymentIntent for a quote's deposit (with its tax invoice), and what
 * Stripe's events do, applied once each whether they come by webhook or by reconciliation.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @Inject(PAYMENTS) private readonly provider: PaymentProvider | null,
    private readonly transactions: TransactionRunner,
    private readonly acceptance: QuoteAcceptanceService,
    private readonly realtime: RealtimeService,
  ) {}

  get configured(): PaymentProvider {
    if (!this.provider) throw paymentsUnavailable();
    return this.provider;
  }

  /**
   * The deposit's PaymentIntent, made once per quote (Stripe's idempotency key and the one
   * deposit invoice per quote): asking again returns the same client secret. The deposit
   * invoice is issued here, when the deposit is requested. The customer pays only a quote they
   * have accepted (their name and the terms), so money never accepts a quote on its own; staff
   * (Pay Now) may take it for a sent quote.
   */
  async depositIntent(quoteId: string, byStaff: boolean): Promise<PaymentIntentResponse> {
    const provider = this.configured;
    if (!isQuoteId(quoteId)) throw quoteNotFound();
    return this.transactions.run(async (unit) => {
      const quote = await unit.manager.getRepository(QuoteEntity).findOne({ where: { id: quoteId }, lock: { mode: 'pessimistic_write' } });
      if (!quote || !shownToCustomer(quote)) throw quoteNotFound();
      const status = customerQuoteStatus(quote.status, quote.validUntil);
      if (status === 'expired') throw conflict('This quote has expired. Please contact us for an updated quote.');
      if (!canTakePayment(status)) throw conflict(`A ${status} quote cannot be paid`);
      if (!byStaff && status !== 'accepted' && !quote.acceptedAt) throw conflict('Please accept the quote before paying the deposit');
      const deposit = depositOf(quote);
      if (deposit <= 0 || (await workDone(unit.manager, quote))) throw conflict('This quote has no deposit to pay');

      const existing = (await invoicesOfQuote(unit.manager, quoteId)).find((invoice) => invoice.kind === 'deposit');
      if (existing?.status === 'paid') throw conflict('The deposit for this quote is already paid');
      if (existing?.status === 'void') throw conflict('The deposit was folded into the final invoice; please pay that one');

      const intent = await this.providerCall(() =>
        existing?.stripePaymentIntentId
          ? provider.retrieveIntent(existing.stripePaymentIntentId)
          : provider.createDepositIntent({
              quoteId,
              amount: deposit,
              description: `Deposit on quote ${quoteLabel(quote.quoteNumber)}`,
              receiptEmail: quote.customerEmail,
              idempotencyKey: `quote-${quoteId}-deposit-${deposit}`,
            }),
      );
      if (!existing) {
        const invoice = await this.issueDepositInvoice(unit.manager, quote, intent.id);
        await unit.record('invoice.issued', { invoiceNumber: invoice.number });
        await this.pushAfterCommit(unit, quote);
      }
      return {
        clientSecret: intent.clientSecret,
        publishableKey: provider.publishableKey,
        amount: intent.amount,
        currency: PAYMENT_CURRENCY,
        quoteId,
        quoteNumber: quote.quoteNumber,
      };
    });
  }

  /**
   * Applies one provider event at most once: the event id is recorded in the same transaction
   * as its effect, so a redelivery, or reconciliation finding an event the webhook already
   * brought, changes nothing. False when it had been applied before.
   */
  async apply(event: PaymentEvent, source: StripeEventEntity['source']): Promise<boolean> {
    const intent = event.intent;
    if (!intent) return false;
    return this.transactions.run(async (unit) => {
      const inserted = await unit.manager
        .createQueryBuilder()
        .insert()
        .into(StripeEventEntity)
        .values({ id: event.id, type: event.type, stripeCreatedAt: event.created, source })
        .orIgnore()
        .returning('id')
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return false;

      const quote = intent.quoteId && isQuoteId(intent.quoteId)
        ? await unit.manager.getRepository(QuoteEntity).findOne({ where: { id: intent.quoteId }, lock: { mode: 'pessimistic_write' } })
        : null;
      const invoice = await this.invoiceFor(unit.manager, intent.id, quote);
      if (!invoice) {
        this.logger.warn(`${event.type} ${event.id}: no quote or invoice for PaymentIntent ${intent.id}; recorded, nothing to apply`);
        return true;
      }
      if (event.type === 'payment_intent.succeeded') await this.paid(unit, invoice, quote, intent, event);
      if (event.type === 'payment_intent.payment_failed') await this.failed(unit, invoice, intent.failureMessage);
      if (quote) await this.pushAfterCommit(unit, quote);
      return true;
    });
  }

  /**
   * The money arrived: the invoice is paid, and the quote accepted with its job scheduled.
   * Payment is final, so a failure event that Stripe sent earlier but that reaches us later
   * cannot undo it (see failed()). A payment of another amount or currency than the invoice's
   * pays nothing: it is flagged on the invoice for staff (a signed event is still checked
   * against what we asked for, in case the signing secret leaked).
   */
  private async paid(unit: UnitOfWork, invoice: InvoiceEntity, quote: QuoteEntity | null, intent: NonNullable<PaymentEvent['intent']>, event: PaymentEvent): Promise<void> {
    if (invoice.status === 'paid') return;
    if (intent.amount !== invoice.amount || intent.currency !== PAYMENT_CURRENCY) {
      this.logger.warn(`${event.id}: PaymentIntent ${intent.id} paid ${intent.amount} ${intent.currency} for ${invoice.number} of ${invoice.amount} ${PAYMENT_CURRENCY}; flagged, not applied`);
      const flag = { paymentIntentId: intent.id, eventId: event.id, amount: intent.amount, currency: intent.currency, expectedAmount: invoice.amount, flaggedAt: new Date().toISOString() };
      await unit.manager.getRepository(InvoiceEntity).update({ id: invoice.id }, { paymentFlag: flag });
      return;
    }
    await unit.manager.getRepository(InvoiceEntity).update({ id: invoice.id }, { status: 'paid', paidAt: event.created, paymentError: null });
    await unit.record('payment.succeeded', { invoiceNumber: invoice.number, quoteId: quote?.id ?? null, paymentIntentId: intent.id });
    // A quote the customer accepted waits for its deposit to be scheduled; one paid by staff (Pay Now) is accepted by it.
    if (quote && (quote.status !== 'accepted' || !quote.jobId)) await this.acceptance.acceptInUnit(unit, quote);
  }

  private async failed(unit: UnitOfWork, invoice: InvoiceEntity, message: string | null): Promise<void> {
    if (invoice.status !== 'pending') return;
    await unit.manager.getRepository(InvoiceEntity).update({ id: invoice.id }, { paymentError: message ?? 'The card payment failed' });
  }

  /**
   * The invoice an intent pays. Normally found by its intent id; when the event outran our own
   * write (or that write was lost), the quote in the intent's metadata gets its deposit invoice now.
   */
  private async invoiceFor(manager: EntityManager, intentId: string, quote: QuoteEntity | null): Promise<InvoiceEntity | null> {
    const byIntent = await manager.getRepository(InvoiceEntity).findOneBy({ stripePaymentIntentId: intentId });
    if (byIntent || !quote) return byIntent;
    const deposit = (await invoicesOfQuote(manager, quote.id)).find((invoice) => invoice.kind === 'deposit');
    if (deposit) {
      if (!deposit.stripePaymentIntentId) await manager.getRepository(InvoiceEntity).update({ id: deposit.id }, { stripePaymentIntentId: intentId });
      return manager.getRepository(InvoiceEntity).findOneByOrFail({ id: deposit.id });
    }
    return this.issueDepositInvoice(manager, quote, intentId);
  }

  private issueDepositInvoice(manager: EntityManager, quote: QuoteEntity, intentId: string): Promise<InvoiceEntity> {
    const figures = depositInvoiceFigures(quoteLabel(quote.quoteNumber), depositOf(quote));
    return issueInvoice(manager, {
      kind: 'deposit',
      ...invoicePartyOf(quote),
      amount: figures.amount,
      gstAmount: figures.gstAmount,
      lineItems: figures.lines,
      dueDate: null,
      stripePaymentIntentId: intentId,
    });
  }

  private async pushAfterCommit(unit: UnitOfWork, quote: QuoteEntity): Promise<void> {
    const saved = await unit.manager.getRepository(QuoteEntity).findOneByOrFail({ id: quote.id });
    const view = toQuoteView(saved, await invoicesOfQuote(unit.manager, quote.id));
    unit.afterCommit(() => this.realtime.toAdmins('quote:updated', view));
  }

  private async providerCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn(`Stripe call failed: ${(error as Error).message}`);
      throw badGateway('Card payment could not be set up just now. Please try again in a minute.');
    }
  }
}
