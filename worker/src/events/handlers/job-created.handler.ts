import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { findJobWithToken, trackingUrl } from '@towing/backend/jobs/tracking-link';
import { NotifierService, type OutgoingMessage } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A dispatcher booked a job: send the customer the job id and their tracking link. */
@Injectable()
export class JobCreatedHandler implements DomainEventHandler<'job.created'> {
  private readonly logger = new Logger(JobCreatedHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'job.created'>): Promise<void> {
    const job = await findJobWithToken(this.dataSource, event.payload.jobId);
    if (!job) {
      this.logger.warn(`Job ${event.payload.jobId} no longer exists; nothing to send`);
      return;
    }
    const context = {
      jobId: job.id,
      customerName: job.customerName,
      service: job.service,
      location: job.location,
      arrival: job.estimatedArrival ? formatPerthDateTime(job.estimatedArrival) : null,
      trackingUrl: trackingUrl(this.environment.publicUrl, job),
    };
    const messages: OutgoingMessage[] = [
      { channel: 'sms', to: job.phone, body: this.templates.sms('sms/job-created', context) },
    ];
    if (job.email) {
      messages.push({
        channel: 'email',
        to: job.email,
        subject: `Your job ${job.id} is booked`,
        html: this.templates.email('email/job-created', context),
      });
    }
    await this.notifier.deliverAll({ eventId: event.id, jobId: job.id }, messages);
  }
}
