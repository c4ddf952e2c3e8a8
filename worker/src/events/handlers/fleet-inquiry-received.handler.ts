import { Inject, Injectable } from '@nestjs/common';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { FleetInquiryEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A fleet or mining contract request: the office prepares a proposal from this email. */
@Injectable()
export class FleetInquiryReceivedHandler implements DomainEventHandler<'fleetInquiry.received'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'fleetInquiry.received'>): Promise<void> {
    const inquiry = await this.records.find(FleetInquiryEntity, { id: event.payload.inquiryId }, `Fleet inquiry ${event.payload.inquiryId}`);
    if (!inquiry) return;
    const services = inquiry.services.join(', ');
    await this.notifier.deliver(
      { eventId: event.id },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Fleet contract inquiry: ${inquiry.companyName}`,
        html: this.templates.email('email/fleet-inquiry-received', {
          companyName: inquiry.companyName,
          contactName: inquiry.contactName,
          email: inquiry.email,
          phone: inquiry.phone,
          fleetSize: inquiry.fleetSize,
          services,
          requirements: inquiry.requirements,
          receivedAt: formatPerthDateTime(inquiry.createdAt),
        }),
        customerInfo: {
          name: `${inquiry.contactName} (${inquiry.companyName})`,
          phone: inquiry.phone,
          email: inquiry.email,
          service: services,
          message: inquiry.requirements ?? undefined,
        },
      },
    );
  }
}
