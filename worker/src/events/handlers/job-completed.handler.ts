import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { JobEntity, JobUpdateEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import { QuoteDrafter } from '../../billing/quote-drafter.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * A job was completed: email the office a summary with its history; draft the job's quote
 * (once, however often the event comes); and when the job's quote is already accepted, issue
 * and send its balance invoice.
 */
@Injectable()
export class JobCompletedHandler implements DomainEventHandler<'job.completed'> {
  private readonly logger = new Logger(JobCompletedHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly drafter: QuoteDrafter,
    private readonly invoices: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'job.completed'>): Promise<void> {
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: event.payload.jobId });
    if (!job) {
      this.logger.warn(`Job ${event.payload.jobId} no longer exists; no summary to send`);
      return;
    }
    await this.drafter.draftFor(job);
    const balance = await this.drafter.balanceInvoiceFor(job.id);
    if (balance && balance.status !== 'void') await this.invoices.sendInvoice(balance);
    const history = await this.dataSource
      .getRepository(JobUpdateEntity)
      .find({ where: { jobId: job.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    const context = {
      jobId: job.id,
      customerName: job.customerName,
      phone: job.phone,
      email: job.email,
      service: job.service,
      location: job.location,
      assignedTo: job.assignedTo,
      notes: job.notes,
      openedAt: formatPerthDateTime(job.createdAt),
      completedAt: formatPerthDateTime(event.occurredAt),
      history: history.map((update) => ({ at: formatPerthDateTime(update.createdAt), message: update.message })),
      boardUrl: `${this.environment.publicUrl}/admin`,
    };
    await this.notifier.deliver(
      { eventId: event.id, jobId: job.id },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Completed: ${job.id} - ${job.service} for ${job.customerName}`.slice(0, 255),
        html: this.templates.email('email/job-completed-summary', context),
      },
    );
  }
}
