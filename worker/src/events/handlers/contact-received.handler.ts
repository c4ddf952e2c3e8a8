import { Inject, Injectable } from '@nestjs/common';
import { type DomainEventEnvelope, formatPerthDateTime } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { ContactSubmissionEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A Contact Us message: forward it to the office inbox, where it also lands in Contact Messages. */
@Injectable()
export class ContactReceivedHandler implements DomainEventHandler<'contact.received'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'contact.received'>): Promise<void> {
    const contact = await this.records.find(ContactSubmissionEntity, { id: event.payload.contactId }, `Contact message ${event.payload.contactId}`);
    if (!contact) return;
    const name = `${contact.firstName} ${contact.lastName}`;
    await this.notifier.deliver(
      { eventId: event.id },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Contact form: ${contact.serviceNeeded} - ${name}`,
        html: this.templates.email('email/contact-received', {
          name,
          phone: contact.phone,
          email: contact.email,
          service: contact.serviceNeeded,
          message: contact.message,
          receivedAt: formatPerthDateTime(contact.createdAt),
        }),
        customerInfo: {
          name,
          phone: contact.phone,
          email: contact.email,
          service: contact.serviceNeeded,
          message: contact.message,
        },
      },
    );
  }
}
