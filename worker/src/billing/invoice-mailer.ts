import { Injectable } from '@nestjs/common';
import { canReceiveSms, toE164 } from '@towing/contracts';
import type { InvoiceEntity } from '@towing/db';
import { NotifierService, type Origin, type OutgoingMessage } from '../notifications/notifier.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { BillingDocuments } from './billing-documents.js';

/** Sends a customer their tax invoice: the PDF by email, a short note by SMS. */
@Injectable()
export class InvoiceMailer {
  constructor(
    private readonly documents: BillingDocuments,
    private readonly templates: TemplatesService,
    private readonly notifier: NotifierService,
  ) {}

  /**
   * The invoice itself. Keyed by the invoice rather than by the event that issued it, so it
   * goes once whichever event (acceptance, completion, a redelivery) brought it.
   */
  sendInvoice(invoice: InvoiceEntity): Promise<void> {
    return this.send(`invoice-${invoice.number}`, invoice, 'invoice');
  }

  /** The invoice email, or the payment receipt with the paid invoice attached. */
  async send(eventId: string, invoice: InvoiceEntity, template: 'invoice' | 'payment-receipt'): Promise<void> {
    const context = await this.documents.invoiceContext(invoice);
    const fields = this.documents.invoiceFields(invoice, context);
    const text = this.templates.billing(template, fields);
    const origin: Origin = { eventId, quoteId: invoice.quoteId, jobId: invoice.jobId };
    const messages: OutgoingMessage[] = [];
    const phone = invoice.customerPhone ? toE164(invoice.customerPhone) : null;
    if (invoice.customerPhone && canReceiveSms(phone)) messages.push({ channel: 'sms', to: invoice.customerPhone, body: text.sms });
    if (invoice.customerEmail) {
      const pdf = await this.documents.invoicePdf(invoice, false, context);
      messages.push({
        channel: 'email',
        to: invoice.customerEmail,
        subject: template === 'invoice' ? `Tax invoice ${invoice.number}` : `Payment received: tax invoice ${invoice.number}`,
        html: text.html,
        text: text.text,
        attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
      });
    }
    await this.notifier.deliverAll(origin, messages);
  }
}
