import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { InvoiceEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import { EventRecords } from '../../notifications/event-records.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * A tax invoice was issued: the customer gets it. A deposit invoice goes with the payment
 * receipt instead, once paid; it is issued while the customer is on the checkout page.
 */
@Injectable()
export class InvoiceIssuedHandler implements DomainEventHandler<'invoice.issued'> {
  constructor(
    private readonly records: EventRecords,
    private readonly mailer: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'invoice.issued'>): Promise<void> {
    const invoice = await this.records.find(InvoiceEntity, { number: event.payload.invoiceNumber }, `Invoice ${event.payload.invoiceNumber}`);
    if (!invoice || invoice.kind === 'deposit') return;
    await this.mailer.sendInvoice(invoice);
  }
}
