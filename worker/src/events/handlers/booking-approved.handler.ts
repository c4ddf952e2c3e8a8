import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { JobMessageContext } from '../../notifications/job-message-context.js';
import { NotifierService, type OutgoingMessage } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A dispatcher approved a booking: give the customer the job id and their tracking link. */
@Injectable()
export class BookingApprovedHandler implements DomainEventHandler<'booking.approved'> {
  constructor(
    private readonly jobs: JobMessageContext,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
  ) {}

  async handle(event: DomainEventEnvelope<'booking.approved'>): Promise<void> {
    const loaded = await this.jobs.load(event.payload.jobId);
    if (!loaded) return;
    const { job, fields } = loaded;
    const messages: OutgoingMessage[] = [
      { channel: 'sms', to: job.phone, toE164: job.phoneE164, body: this.templates.sms('sms/booking-approved', fields) },
    ];
    if (job.email) {
      messages.push({
        channel: 'email',
        to: job.email,
        subject: `Booking confirmed: job ${job.id}`,
        html: this.templates.email('email/booking-approved', fields),
      });
    }
    await this.notifier.deliverAll({ eventId: event.id, jobId: job.id }, messages);
  }
}
