import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEventEnvelope } from '@towing/contracts';
import { InvoiceEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/**
 * A tax invoice was issued: the customer gets it. A deposit invoice goes with the payment
 * receipt instead, once paid; it is issued while the customer is on the checkout page.
 */
@Injectable()
export class InvoiceIssuedHandler implements DomainEventHandler<'invoice.issued'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'invoice.issued'>): Promise<void> {
    const invoice = await this.dataSource.getRepository(InvoiceEntity).findOneBy({ number: event.payload.invoiceNumber });
    if (!invoice || invoice.kind === 'deposit') return;
    await this.mailer.sendInvoice(invoice);
  }
}
