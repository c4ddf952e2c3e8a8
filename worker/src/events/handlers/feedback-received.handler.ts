import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { FeedbackEntity, JobEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

const RECOMMEND_TEXT = { yes: 'Yes', no: 'No', maybe: 'Maybe' } as const;

/** A customer rated a completed job: the office reads every rating, good or bad. */
@Injectable()
export class FeedbackReceivedHandler implements DomainEventHandler<'feedback.received'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'feedback.received'>): Promise<void> {
    const feedback = await this.records.find(FeedbackEntity, { id: event.payload.feedbackId }, `Feedback ${event.payload.feedbackId}`);
    if (!feedback) return;
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: feedback.jobId });
    const context = {
      jobId: feedback.jobId,
      customerName: job?.customerName ?? 'Unknown customer',
      phone: job?.phone ?? null,
      service: job?.service ?? null,
      rating: feedback.rating,
      stars: '★'.repeat(feedback.rating) + '☆'.repeat(5 - feedback.rating),
      serviceQuality: feedback.serviceQuality,
      responseTime: feedback.responseTime,
      communication: feedback.communication,
      value: feedback.value,
      recommend: RECOMMEND_TEXT[feedback.recommend],
      comments: feedback.comments,
      improvements: feedback.improvements,
      receivedAt: formatPerthDateTime(feedback.createdAt),
    };
    await this.notifier.deliver(
      { eventId: event.id, jobId: feedback.jobId },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Feedback ${feedback.rating}/5 for ${feedback.jobId} - ${context.customerName}`,
        html: this.templates.email('email/feedback-received', context),
        customerInfo: {
          name: context.customerName,
          phone: job?.phone,
          email: job?.email ?? undefined,
          service: job?.service,
          message: feedback.comments,
        },
      },
    );
  }
}
