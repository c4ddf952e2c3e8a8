import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { BUSINESS, canEmailQuote, type DomainEventEnvelope, effectiveQuoteStatus, quoteSendChannels } from '@towing/contracts';
import { QuoteEntity } from '@towing/db';
import { BillingDocuments } from '../../billing/billing-documents.js';
import { QuoteViews } from '../../billing/quote-views.js';
import { EventRecords } from '../../notifications/event-records.js';
import { NotifierService, type Origin, type OutgoingEmail, type OutgoingMessage } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * Sending a quote: the customer gets it by email when they gave one (HTML and text, the PDF
 * attached, the accept link) and, on a mobile, the link by SMS at once, without waiting for the
 * PDF (the link reads for them from the moment staff asked). Only once the email went (or,
 * without SMTP, was recorded) is the quote marked sent; without an email, once the text went. Every board hears how the email went on the
 * quote's own quote:updated, sent or failed, each time it is tried.
 */
@Injectable()
export class QuoteSentHandler implements DomainEventHandler<'quote.sent'> {
  private readonly logger = new Logger(QuoteSentHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: EventRecords,
    private readonly documents: BillingDocuments,
    private readonly templates: TemplatesService,
    private readonly notifier: NotifierService,
    private readonly views: QuoteViews,
  ) {}

  async handle(event: DomainEventEnvelope<'quote.sent'>): Promise<void> {
    const quote = await this.records.find(QuoteEntity, { id: event.payload.quoteId }, `Quote ${event.payload.quoteId}`);
    if (!quote) return;
    const channels = quoteSendChannels(quote);
    if (!channels.email && !channels.sms) {
      this.logger.warn(`Quote ${quote.quoteNumber} has no email address or mobile; nothing to send`);
      return;
    }
    const status = effectiveQuoteStatus(quote.status, quote.validUntil);
    if (!canEmailQuote(status)) {
      this.logger.warn(`Quote ${quote.quoteNumber} is ${status} now; not sending it`);
      return;
    }
    const fields = this.documents.quoteFields(quote);
    const text = this.templates.billing('quote', fields);
    const origin: Origin = { eventId: event.id, quoteId: quote.id, jobId: quote.jobId };

    const customerEmail = quote.customerEmail;
    const email: Array<Promise<OutgoingEmail>> = customerEmail
      ? [
          this.documents.quotePdf(quote).then(
            (pdf): OutgoingEmail => ({
              channel: 'email',
              to: customerEmail,
              subject: `Your quote ${fields.quoteLabel} from ${BUSINESS.name}`,
              html: text.html,
              text: text.text,
              attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
            }),
          ),
        ]
      : [];
    // The text goes at once, without waiting for the PDF.
    const sms: OutgoingMessage[] = channels.sms ? [{ channel: 'sms', to: quote.customerPhone, body: text.sms }] : [];
    // The quote is sent once its email went; without an email, once its text went.
    await this.notifier.deliverAll(origin, [...email, ...sms], {
      settled: async ([first]) => {
        if (first!.status === 'fulfilled') await this.markSent(quote.id);
        else await this.views.pushEmailOutcome(quote.id, { status: 'failed', error: (first!.reason as Error).message || String(first!.reason) });
      },
    });
  }

  /** Sent, unless it was accepted or rejected while the email went. */
  private async markSent(quoteId: string): Promise<void> {
    await this.dataSource.getRepository(QuoteEntity).update({ id: quoteId, status: In(['draft', 'sent']) }, { status: 'sent', sentAt: new Date() });
    await this.views.pushEmailOutcome(quoteId, { status: 'sent' });
  }
}
