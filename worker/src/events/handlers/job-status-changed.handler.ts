import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { JobMessageContext } from '../../notifications/job-message-context.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * Tells the customer the two moments they wait for: help is on the way (with the ETA and
 * tracking link) and the job is done (with the feedback link). Other moves send nothing.
 */
@Injectable()
export class JobStatusChangedHandler implements DomainEventHandler<'job.statusChanged'> {
  constructor(
    private readonly jobs: JobMessageContext,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'job.statusChanged'>): Promise<void> {
    const { jobId, to } = event.payload;
    if (to !== 'En Route' && to !== 'Completed') return;
    const loaded = await this.jobs.load(jobId);
    if (!loaded) return;
    const { job, fields } = loaded;
    const body = this.templates.sms(to === 'En Route' ? 'sms/job-en-route' : 'sms/job-completed', fields);
    await this.notifier.deliver({ eventId: event.id, jobId: job.id }, { channel: 'sms', to: job.phone, toE164: job.phoneE164, body });
  }
}
