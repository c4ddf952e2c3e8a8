import { Inject, Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { BookingEntity } from '@towing/db';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';
import { bookingContext } from './booking-context.js';

/** A customer booked: alert the office, and promise the customer a confirmation within 30 minutes. */
@Injectable()
export class BookingCreatedHandler implements DomainEventHandler<'booking.created'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'booking.created'>): Promise<void> {
    const booking = await this.records.find(BookingEntity, { id: event.payload.bookingId }, `Booking ${event.payload.bookingId}`);
    if (!booking) return;
    const context = { ...bookingContext(booking), boardUrl: this.notifier.boardUrl };
    // The Contact Messages list badges a subject containing URGENT (docs/rules.md, "Contact messages").
    const urgentTag = { emergency: 'URGENT: ', 'same-day': 'SAME-DAY ', scheduled: '' }[booking.urgency];
    await this.notifier.deliverAll({ eventId: event.id }, [
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `${urgentTag}Booking #${booking.id}: ${booking.service} - ${booking.customerName}`,
        html: this.templates.email('email/booking-alert', context),
        customerInfo: {
          name: booking.customerName,
          phone: booking.phone,
          email: booking.email,
          service: booking.service,
          message: booking.description,
        },
      },
      { channel: 'sms', to: booking.phone, body: this.templates.sms('sms/booking-received', context) },
      {
        channel: 'email',
        to: booking.email,
        subject: 'We have your booking',
        html: this.templates.email('email/booking-received', context),
        confirmation: true,
      },
    ]);
  }
}
