import { Injectable } from '@nestjs/common';
import { InvoiceEntity, issueBalanceInvoiceIfDue, type QuoteEntity } from '@towing/db';
import { IsNull } from 'typeorm';
import { quoteLabel, quoteRoute } from '@towing/contracts';
import { JobsService } from '../jobs/jobs.service.js';
import type { UnitOfWork } from '../outbox/transaction.runner.js';

/**
 * What accepting a quote does, however it happens (the customer without a deposit, their
 * deposit arriving, or an admin's Mark Accepted): the quote is locked as accepted, a quote
 * without a job schedules one, and a job already done gets its balance invoice. A customer who
 * accepts a quote with a deposit makes it accepted at once ({@link QuotesService.accept}); the
 * job is scheduled here when the deposit arrives.
 */
@Injectable()
export class QuoteAcceptanceService {
  constructor(private readonly jobs: JobsService) {}

  /** Inside the caller's transaction, with the quote's row locked. */
  async acceptInUnit(unit: UnitOfWork, quote: QuoteEntity): Promise<void> {
    quote.status = 'accepted';
    if (!quote.jobId) {
      const job = await this.jobs.insertInUnit(unit, {
        customerName: quote.customerName,
        phone: quote.customerPhone,
        email: quote.customerEmail,
        service: quote.service || 'Quoted work',
        location: quoteRoute(quote.fromLocation, quote.toLocation) || 'To be confirmed',
        notes: [`Scheduled from accepted quote ${quoteLabel(quote.quoteNumber)}.`, quote.notes].filter(Boolean).join('\n'),
        status: 'Scheduled',
        assignedTo: 'Unassigned',
        progress: 0,
        estimatedArrival: null,
      });
      await unit.record('job.created', { jobId: job.id });
      quote.jobId = job.id;
      // The deposit invoice was issued before the job existed; it belongs to the job now.
      await unit.manager.getRepository(InvoiceEntity).update({ quoteId: quote.id, jobId: IsNull() }, { jobId: job.id });
    }
    await unit.manager.save(quote);
    const balance = await issueBalanceInvoiceIfDue(unit.manager, quote);
    if (balance) await unit.record('invoice.issued', { invoiceNumber: balance.number });
    await unit.record('quote.accepted', { quoteId: quote.id, jobId: quote.jobId });
  }
}
