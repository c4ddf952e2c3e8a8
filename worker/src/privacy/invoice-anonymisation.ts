import { Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUSINESS, type QueueMap, QUEUES } from '@towing/contracts';
import { anonymiseExpiredInvoices } from '@towing/db';
import { InjectQueueOf, type QueueOf } from '@towing/platform';
import { ScheduledQueueConsumer } from '../queues/queue-consumer.js';

/** Persisted in Redis with the queue: never rename. */
export const INVOICE_ANONYMISATION_SCHEDULER: QueueMap['invoice-retention']['name'] = 'invoice-anonymisation-daily';
export const INVOICE_ANONYMISATION_JOB: QueueMap['invoice-retention']['name'] = 'invoice-anonymisation';
/** After the nightly backup (2:30) has its copy. */
const EVERY_DAY = { pattern: '45 3 * * *', tz: BUSINESS.timeZone };
const SCHEDULE = { scheduler: INVOICE_ANONYMISATION_SCHEDULER, job: INVOICE_ANONYMISATION_JOB, repeat: EVERY_DAY, what: 'the invoice anonymisation' };

/**
 * Every day, invoices issued more than five years ago (the Australian tax record rule) lose
 * their customer's name, email and phone; number, date, lines and amounts stay for the books.
 */
@Processor(QUEUES.invoiceRetention, { concurrency: 1, autorun: false })
export class InvoiceAnonymisation extends ScheduledQueueConsumer<'invoice-retention'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueueOf(QUEUES.invoiceRetention) queue: QueueOf<'invoice-retention'>,
  ) {
    super(queue, SCHEDULE);
  }

  async process(): Promise<number> {
    const changed = await anonymiseExpiredInvoices(this.dataSource.manager);
    if (changed > 0) this.logger.log(`Anonymised the customer details of ${changed} invoice(s) issued over five years ago`);
    return changed;
  }
}
