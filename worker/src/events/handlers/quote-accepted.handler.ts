import { Inject, Injectable } from '@nestjs/common';
import { type DomainEventEnvelope, formatMoney, formatPerthDateTime, quoteLabel } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { QuoteEntity } from '@towing/db';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A quote was accepted: tell the office, with the job it scheduled. */
@Injectable()
export class QuoteAcceptedHandler implements DomainEventHandler<'quote.accepted'> {
  constructor(
    private readonly records: EventRecords,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'quote.accepted'>): Promise<void> {
    const quote = await this.records.find(QuoteEntity, { id: event.payload.quoteId }, `Quote ${event.payload.quoteId}`);
    if (!quote) return;
    const label = quoteLabel(quote.quoteNumber);
    const context = {
      quoteLabel: label,
      customerName: quote.customerName,
      phone: quote.customerPhone,
      service: quote.service,
      finalPrice: formatMoney(quote.finalPrice),
      acceptedBy: quote.acceptedName,
      acceptedAt: quote.acceptedAt ? formatPerthDateTime(quote.acceptedAt) : null,
      jobId: event.payload.jobId,
      boardUrl: this.notifier.boardUrl,
    };
    await this.notifier.deliver(
      { eventId: event.id, quoteId: quote.id, jobId: event.payload.jobId },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `Accepted: quote ${label} for ${quote.customerName} (${formatMoney(quote.finalPrice)})`,
        html: this.templates.email('email/quote-accepted', context),
      },
    );
  }
}
