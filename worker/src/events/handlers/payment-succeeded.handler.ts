import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '@towing/contracts';
import { InvoiceEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import { EventRecords } from '../../notifications/event-records.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A card payment arrived: the customer gets a receipt with the paid tax invoice attached. */
@Injectable()
export class PaymentSucceededHandler implements DomainEventHandler<'payment.succeeded'> {
  constructor(
    private readonly records: EventRecords,
    private readonly mailer: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'payment.succeeded'>): Promise<void> {
    const invoice = await this.records.find(InvoiceEntity, { number: event.payload.invoiceNumber }, `Invoice ${event.payload.invoiceNumber}`);
    if (!invoice) return;
    await this.mailer.send(event.id, invoice, 'payment-receipt');
  }
}
