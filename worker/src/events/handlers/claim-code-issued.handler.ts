import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CLAIM_CODE_TTL_MINUTES, type DomainEventEnvelope } from '@towing/contracts';
import { JobEntity } from '@towing/db';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** An account asked to prove a job: text the code to the phone on the job (through the SMS policy like every text). */
@Injectable()
export class ClaimCodeIssuedHandler implements DomainEventHandler<'claimCode.issued'> {
  private readonly logger = new Logger(ClaimCodeIssuedHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'claimCode.issued'>): Promise<void> {
    const { jobId, code } = event.payload;
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ id: jobId });
    if (!job) {
      this.logger.warn(`Job ${jobId} no longer exists; no code to send`);
      return;
    }
    await this.notifier.deliver(
      { eventId: event.id, jobId },
      { channel: 'sms', to: job.phone, body: this.templates.sms('sms/claim-code', { code, jobId, minutes: CLAIM_CODE_TTL_MINUTES }) },
    );
  }
}
