import { Injectable } from '@nestjs/common';
import { type DomainEventEnvelope, todayInPerth } from '@towing/contracts';
import { InboundSmsEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * Texts back the answer the API decided for an inbound text (an owner's confirmation, a hint
 * for a text we could not act on), through the SMS policy like every text. A number that texts
 * us things we cannot act on gets the hint once a Perth day, however often it writes.
 */
@Injectable()
export class SmsReceivedHandler implements DomainEventHandler<'sms.received'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
  ) {}

  async handle(event: DomainEventEnvelope<'sms.received'>): Promise<void> {
    const { inboundId } = event.payload;
    const inbound = await this.records.find(InboundSmsEntity, { id: inboundId }, `Inbound text ${inboundId}`);
    if (!inbound?.reply) return;
    const eventId = inbound.kind === 'other' ? `sms-hint:${todayInPerth()}` : event.id;
    await this.notifier.deliver({ eventId, jobId: inbound.jobId }, { channel: 'sms', to: inbound.fromPhone, body: inbound.reply });
  }
}
