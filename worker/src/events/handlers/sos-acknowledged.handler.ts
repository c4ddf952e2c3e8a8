import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BUSINESS, type DomainEventEnvelope } from '@towing/contracts';
import { JobEntity, UserEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** Who the stranded person is told has them when the one who acknowledged is not one of the owners by name. */
export const UNNAMED_ACKNOWLEDGER = 'Our team';

/**
 * Someone has the SOS: the stranded person hears who, once (the event is recorded only by the
 * first acknowledgement; its notification is keyed by the event), within the per-number budget
 * of the SMS policy like every text to them.
 */
@Injectable()
export class SosAcknowledgedHandler implements DomainEventHandler<'sos.acknowledged'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'sos.acknowledged'>): Promise<void> {
    const { jobId, actor } = event.payload;
    const job = await this.records.find(JobEntity, { id: jobId }, `Job ${jobId}`);
    if (!job) return;
    const who = await this.staffName(actor);
    await this.notifier.deliver({ eventId: event.id, jobId }, { channel: 'sms', to: job.phone, toE164: job.phoneE164, body: this.templates.sms('sms/sos-acknowledged', { who, jobId }) });
  }

  /**
   * The owner's first name from business.ts: the actor is one (an SMS reply or a keypress acts
   * as the owner) or the board's user whose first name is one; anyone else is the team.
   */
  private async staffName(actor: string): Promise<string> {
    const staffNamed = (name: string | null | undefined) => BUSINESS.staff.find((member) => member.firstName.toLowerCase() === name?.trim().toLowerCase())?.firstName;
    const direct = staffNamed(actor);
    if (direct) return direct;
    const user = await this.dataSource.getRepository(UserEntity).createQueryBuilder('account').where('LOWER(account.username) = LOWER(:actor)', { actor }).getOne();
    return staffNamed(user?.firstName) ?? staffNamed(user?.username) ?? UNNAMED_ACKNOWLEDGER;
  }
}
