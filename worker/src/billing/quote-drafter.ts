import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AUTO_QUOTE, autoQuoteNote, catalogueItemForService } from '@towing/contracts';
import { InvoiceEntity, issueBalanceInvoiceIfDue, type JobEntity, newQuoteId, quoteColumns, QuoteEntity } from '@towing/db';
import { QuoteViews } from './quote-views.js';

/** What a completed job leads to on the billing side. */
@Injectable()
export class QuoteDrafter {
  private readonly logger = new Logger(QuoteDrafter.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly views: QuoteViews,
  ) {}

  /**
   * Drafts the job's quote (docs/rules.md, "Jobs"): one service line at the catalogue price of
   * the job's service, else 350 dollars; valid 30 days. The unique job_id makes this happen once
   * however often job.completed arrives. No deposit: the work is already done.
   */
  async draftFor(job: JobEntity): Promise<void> {
    const price = catalogueItemForService(job.service)?.unitPrice ?? AUTO_QUOTE.fallbackPrice;
    const columns = quoteColumns({
      customerName: job.customerName,
      customerPhone: job.phone,
      customerEmail: job.email,
      vehicleType: AUTO_QUOTE.vehicleType,
      service: job.service,
      fromLocation: '',
      toLocation: '',
      distance: 0,
      notes: autoQuoteNote(job.id, job.service, job.location),
      discountPercent: 0,
      depositAmount: 0,
      validDays: AUTO_QUOTE.validDays,
      items: [{ description: job.service, quantity: 1, unitPrice: price, category: 'service' }],
    });
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(QuoteEntity)
      .values({ ...columns, id: newQuoteId(), jobId: job.id })
      .orIgnore()
      .returning('id')
      .execute();
    const id = (inserted.raw as Array<{ id: string }>)[0]?.id;
    if (!id) return;
    this.logger.log(`Drafted a quote for completed job ${job.id}`);
    await this.views.push(id, 'quote:created');
  }

  /**
   * The job's balance invoice, when its quote is accepted: issued now if this completion makes
   * it due, or the one issued earlier. Null when the job has no accepted quote.
   */
  async balanceInvoiceFor(jobId: string): Promise<InvoiceEntity | null> {
    const quoteId = await this.dataSource.transaction(async (manager) => {
      const quote = await manager.getRepository(QuoteEntity).findOne({ where: { jobId }, lock: { mode: 'pessimistic_write' } });
      if (!quote) return null;
      if (await issueBalanceInvoiceIfDue(manager, quote)) this.logger.log(`Issued the balance invoice for job ${jobId}`);
      return quote.id;
    });
    if (!quoteId) return null;
    await this.views.push(quoteId);
    return this.dataSource.getRepository(InvoiceEntity).findOneBy({ quoteId, kind: 'balance' });
  }
}
