import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { JobEntity, JobMessageEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** The dispatcher answered in a job's thread: text it to the job's phone, once, through the SMS policy. */
@Injectable()
export class JobMessageSentHandler implements DomainEventHandler<'jobMessage.sent'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'jobMessage.sent'>): Promise<void> {
    const { messageId } = event.payload;
    const message = await this.records.find(JobMessageEntity, { id: messageId }, `Job message ${messageId}`);
    const job = message && (await this.records.find(JobEntity, { id: message.jobId }, `Job ${message.jobId}`));
    if (!message || !job) return;
    await this.notifier.deliver({ eventId: event.id, jobId: job.id }, { channel: 'sms', to: job.phone, toE164: job.phoneE164, body: this.templates.sms('sms/job-message', { body: message.body }) });
  }
}
