import { Injectable } from '@nestjs/common';
import { CLAIM_CODE_TTL_MINUTES, type DomainEventEnvelope } from '@towing/contracts';
import { JobEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** An account asked to prove a job: text the code to the phone on the job (through the SMS policy like every text). */
@Injectable()
export class ClaimCodeIssuedHandler implements DomainEventHandler<'claimCode.issued'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'claimCode.issued'>): Promise<void> {
    const { jobId, code } = event.payload;
    const job = await this.records.find(JobEntity, { id: jobId }, `Job ${jobId}`);
    if (!job) return;
    await this.notifier.deliver(
      { eventId: event.id, jobId },
      { channel: 'sms', to: job.phone, toE164: job.phoneE164, body: this.templates.sms('sms/claim-code', { code, jobId, minutes: CLAIM_CODE_TTL_MINUTES }) },
    );
  }
}
