import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type InvoiceSummary, type JobInvoicesQuery, lastFourDigits } from '@towing/contracts';
import { InvoiceEntity, QuoteEntity, toInvoiceSummary } from '@towing/db';
import { notFound } from '../common/errors.js';
import { type Asker, JobLookupService } from '../jobs/job-lookup.service.js';
import { isQuoteId } from '../quotes/quote-errors.js';

const NO_INVOICES = 'No invoices found for that job and phone number';

@Injectable()
export class InvoicesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: JobLookupService,
  ) {}

  /** The invoice, when it belongs to the quote whose unguessable id the caller holds. */
  async findOnQuote(quoteId: string, number: string): Promise<InvoiceEntity> {
    const invoice = isQuoteId(quoteId) ? await this.dataSource.getRepository(InvoiceEntity).findOneBy({ quoteId, number }) : null;
    if (!invoice || invoice.status === 'void') throw notFound('Invoice not found');
    return invoice;
  }

  /**
   * The version of the invoice's PDF: a digest of the invoice and of its quote's last change
   * (the PDF prints both), so a payment or an edit makes a new PDF and nothing else does.
   */
  async printedVersion(invoice: InvoiceEntity): Promise<string> {
    const quote = invoice.quoteId ? await this.dataSource.getRepository(QuoteEntity).findOne({ where: { id: invoice.quoteId }, select: { updatedAt: true } }) : null;
    return createHash('sha256').update(JSON.stringify({ invoice, quoteUpdatedAt: quote?.updatedAt ?? null })).digest('hex');
  }

  /**
   * A job's invoices for the dashboard's Invoice button, to whoever proves the job as the other
   * customer screens do (JobLookupService): its phone's last four digits or its tracking token,
   * or the account that created or proved it, or staff. Never an account's own phone number,
   * which nobody has verified. An unknown job and a wrong proof answer alike.
   */
  async forJob(jobId: string, query: JobInvoicesQuery, asker: Asker): Promise<InvoiceSummary[]> {
    const last4 = query.last4 ?? (query.phone ? lastFourDigits(query.phone) : undefined);
    const job = await this.lookup.provenJob({ query: jobId, last4, token: query.token }, asker);
    if (!job) throw notFound(NO_INVOICES);
    const invoices = await this.dataSource.getRepository(InvoiceEntity).find({ where: { jobId: job.id }, order: { issuedAt: 'ASC', id: 'ASC' } });
    return invoices.filter((invoice) => invoice.quoteId !== null && invoice.status !== 'void').map((invoice) => toInvoiceSummary(invoice, invoice.quoteId!));
  }
}
