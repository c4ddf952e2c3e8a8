import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import {
  canEditQuote,
  canEmailQuote,
  customerQuoteStatus,
  effectiveQuoteStatus,
  type AcceptQuoteResponse,
  type PublicQuote,
  type Quote,
  QUOTE_MESSAGES,
  QUOTE_RULES,
  quoteSendChannels,
  quoteStatusRefusal,
  type QuoteStatus,
  textOrNull,
  withinQuoteLimit,
} from '@towing/contracts';
import {
  depositOf,
  InvoiceEntity,
  invoicesOfQuote,
  newQuoteId,
  type QuoteDraft,
  quoteColumns,
  QuoteEntity,
  shownToCustomer,
  toPublicQuoteView,
  toQuoteView,
} from '@towing/db';
import { conflict, fieldError } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { AcceptQuoteDto } from './dto/accept-quote.dto.js';
import type { QuoteInputDto } from './dto/quote-input.dto.js';
import { QuoteAcceptanceService } from './quote-acceptance.service.js';
import { isQuoteId, quoteNotFound } from './quote-errors.js';
import { workDone } from './work-done.js';

function draftFrom(dto: QuoteInputDto): QuoteDraft {
  return {
    customerName: dto.customerName.trim(),
    customerPhone: dto.customerPhone.trim(),
    customerEmail: textOrNull(dto.customerEmail),
    vehicleType: dto.vehicleType?.trim() ?? '',
    service: dto.service?.trim() ?? '',
    fromLocation: dto.fromLocation?.trim() ?? '',
    toLocation: dto.toLocation?.trim() ?? '',
    distance: dto.distance ?? 0,
    notes: textOrNull(dto.notes),
    discountPercent: dto.discountPercent ?? 0,
    depositAmount: dto.depositAmount ?? null,
    validDays: dto.validDays ?? QUOTE_RULES.defaultValidDays,
    items: dto.items.map((item) => ({ ...item, description: item.description.trim() })),
  };
}

@Injectable()
export class QuotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly acceptance: QuoteAcceptanceService,
  ) {}

  async list(): Promise<Quote[]> {
    const quotes = await this.dataSource.getRepository(QuoteEntity).find({ order: { createdAt: 'DESC' } });
    const invoices = quotes.length
      ? await this.dataSource.getRepository(InvoiceEntity).find({ where: { quoteId: In(quotes.map((quote) => quote.id)) }, order: { issuedAt: 'ASC', id: 'ASC' } })
      : [];
    return quotes.map((quote) => toQuoteView(quote, invoices.filter((invoice) => invoice.quoteId === quote.id)));
  }

  async view(id: string): Promise<Quote> {
    return this.viewIn(this.dataSource.manager, await this.find(this.dataSource.manager, id));
  }

  /**
   * The customer's view, from the moment staff asked for it to be sent: the SMS with the link
   * does not wait for the email. A draft never sent answers as if it did not exist.
   */
  async publicView(id: string): Promise<PublicQuote> {
    const quote = await this.find(this.dataSource.manager, id);
    if (!shownToCustomer(quote)) throw quoteNotFound();
    return this.publicViewIn(this.dataSource.manager, quote);
  }

  async create(dto: QuoteInputDto): Promise<Quote> {
    const draft = checkedDraft(dto);
    return this.transactions.run(async (unit) => {
      const quotes = unit.manager.getRepository(QuoteEntity);
      const saved = await quotes.save(quotes.create({ ...quoteColumns(draft), id: newQuoteId() }));
      const view = await this.viewIn(unit.manager, await quotes.findOneByOrFail({ id: saved.id }));
      unit.afterCommit(() => this.realtime.toAdmins('quote:created', view));
      return view;
    });
  }

  /**
   * Saves the form over the quote as a new draft (docs/rules.md, "Quotes and prices"), which its link shows
   * nobody until it is emailed again. An accepted quote is locked, and so is the price of one
   * whose deposit has been asked for: its tax invoice is out.
   */
  async update(id: string, dto: QuoteInputDto): Promise<Quote> {
    const draft = checkedDraft(dto);
    return this.changeLocked(id, async (unit, quote) => {
      if (!canEditQuote(quote.status)) throw conflict('This quote has been accepted and is locked');
      const invoices = await invoicesOfQuote(unit.manager, id);
      if (invoices.some((invoice) => invoice.status !== 'void')) {
        throw conflict('A deposit has been requested on this quote, so its price is fixed. Duplicate it to make a new quote.');
      }
      Object.assign(quote, quoteColumns(draft), { sendRequestedAt: null, acceptedName: null, acceptedAt: null, acceptedIp: null });
      await unit.manager.save(quote);
    });
  }

  /** Mark Accepted / Mark Rejected; sent only comes from emailing the quote. */
  async setStatus(id: string, to: QuoteStatus): Promise<Quote> {
    return this.changeLocked(id, async (unit, quote) => {
      const refusal = quoteStatusRefusal(effectiveQuoteStatus(quote.status, quote.validUntil), to);
      if (refusal) throw conflict(refusal);
      if (to === 'accepted') {
        await this.acceptance.acceptInUnit(unit, quote);
      } else {
        quote.status = to;
        await unit.manager.save(quote);
      }
    });
  }

  async remove(id: string): Promise<void> {
    if (!isQuoteId(id)) throw quoteNotFound();
    await this.transactions.run(async (unit) => {
      const deleted = await unit.manager.getRepository(QuoteEntity).delete({ id });
      if (!deleted.affected) throw quoteNotFound();
      unit.afterCommit(() => this.realtime.toAdmins('quote:deleted', { id }));
    });
  }

  /**
   * Email Quote / Text Quote / Email & Text Quote: the worker sends it by the ways the customer
   * has (email with the PDF attached, the link by SMS to a mobile) and then marks it sent.
   * The link reads for the customer from now on, whatever becomes of the sending.
   */
  async requestEmail(id: string): Promise<Quote> {
    return this.transactions.run(async (unit) => {
      const quote = await this.find(unit.manager, id, true);
      const status = effectiveQuoteStatus(quote.status, quote.validUntil);
      if (!canEmailQuote(status)) throw conflict(status === 'expired' ? 'This quote has expired. Edit it to set a new validity, then email it.' : `A ${status} quote cannot be emailed`);
      const channels = quoteSendChannels(quote);
      if (!channels.email && !channels.sms) throw fieldError(400, 'customerEmail', QUOTE_MESSAGES.noWayToSend);
      quote.sendRequestedAt = new Date();
      await unit.manager.save(quote);
      await unit.record('quote.sent', { quoteId: id });
      return this.viewIn(unit.manager, quote);
    });
  }

  /**
   * The customer accepts, with their name and the terms ticked: the quote is accepted now. With
   * a deposit its job is scheduled when the payment arrives (the webhook); without one it is
   * scheduled now. For work already done no deposit is asked: the tax invoice for the amount
   * due is issued now. A quote whose email has not gone yet can be accepted from the SMS's link.
   */
  async accept(id: string, dto: AcceptQuoteDto, address: string | undefined): Promise<AcceptQuoteResponse> {
    const outcome: { next: AcceptQuoteResponse['next'] } = { next: 'payment' };
    let quote!: QuoteEntity;
    await this.changeLocked(id, async (unit, locked) => {
      quote = locked;
      if (!shownToCustomer(quote)) throw quoteNotFound();
      const status = customerQuoteStatus(quote.status, quote.validUntil);
      if (status === 'expired') throw conflict('This quote has expired. Please contact us for an updated quote.');
      if (status === 'accepted' || quote.acceptedAt) throw conflict('This quote has already been accepted');
      if (status === 'rejected') throw conflict('This quote is no longer open. Please contact us for an updated quote.');
      Object.assign(quote, { acceptedName: dto.name.trim(), acceptedAt: new Date(), acceptedIp: address?.slice(0, 64) ?? null });
      const done = await workDone(unit.manager, quote);
      if (depositOf(quote) > 0 && !done) {
        // Accepted now, in the status column; the job is scheduled when the deposit arrives.
        quote.status = 'accepted';
        await unit.manager.save(quote);
      } else {
        outcome.next = done ? 'invoiced' : 'scheduled';
        await this.acceptance.acceptInUnit(unit, quote);
      }
    });
    const { next } = outcome;
    return { quote: await this.publicViewIn(this.dataSource.manager, quote), next, jobId: next === 'scheduled' ? quote.jobId : null };
  }

  /** Runs a change on the quote under its row lock and pushes the result to admins after commit. */
  private changeLocked(id: string, change: (unit: UnitOfWork, quote: QuoteEntity) => Promise<void>): Promise<Quote> {
    return this.transactions.run(async (unit) => {
      const quote = await this.find(unit.manager, id, true);
      await change(unit, quote);
      const view = await this.viewIn(unit.manager, await unit.manager.getRepository(QuoteEntity).findOneByOrFail({ id }));
      unit.afterCommit(() => this.realtime.toAdmins('quote:updated', view));
      return view;
    });
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<QuoteEntity> {
    if (!isQuoteId(id)) throw quoteNotFound();
    const quote = await manager.getRepository(QuoteEntity).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!quote) throw quoteNotFound();
    return quote;
  }

  private async publicViewIn(manager: EntityManager, quote: QuoteEntity): Promise<PublicQuote> {
    return toPublicQuoteView(quote, await invoicesOfQuote(manager, quote.id), await workDone(manager, quote));
  }

  private async viewIn(manager: EntityManager, quote: QuoteEntity): Promise<Quote> {
    return toQuoteView(quote, await invoicesOfQuote(manager, quote.id));
  }
}

/** The draft, refused with the item field named when its total is beyond what a quote may carry. */
function checkedDraft(dto: QuoteInputDto): QuoteDraft {
  const draft = draftFrom(dto);
  if (!withinQuoteLimit(draft.items)) throw fieldError(400, 'items', 'The items add up to more than a quote can carry');
  return draft;
}
