import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { JobUpdateEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import { QuoteDrafter } from '../../billing/quote-drafter.js';
import { JobMessageContext } from '../../notifications/job-message-context.js';
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
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobMessageContext,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly drafter: QuoteDrafter,
    private readonly invoices: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'job.completed'>): Promise<void> {
    const loaded = await this.jobs.load(event.payload.jobId);
    if (!loaded) return;
    const { job, fields } = loaded;
    await this.drafter.draftFor(job);
    const balance = await this.drafter.balanceInvoiceFor(job.id);
    if (balance && balance.status !== 'void') await this.invoices.sendInvoice(balance);
    const history = await this.dataSource
      .getRepository(JobUpdateEntity)
      .find({ where: { jobId: job.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    await this.notifier.deliver(
      { eventId: event.id, jobId: job.id },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Completed: ${job.id} - ${job.service} for ${job.customerName}`,
        html: this.templates.email('email/job-completed-summary', {
          ...fields,
          // The office sees who went, "Both" included, where a customer's message names only one driver.
          assignedTo: job.assignedTo,
          completedAt: formatPerthDateTime(event.occurredAt),
          history: history.map((update) => ({ at: formatPerthDateTime(update.createdAt), message: update.message })),
        }),
      },
    );
  }
}
