import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEventEnvelope } from '@towing/contracts';
import { InvoiceEntity } from '@towing/db';
import { InvoiceMailer } from '../../billing/invoice-mailer.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

/** A card payment arrived: the customer gets a receipt with the paid tax invoice attached. */
@Injectable()
export class PaymentSucceededHandler implements DomainEventHandler<'payment.succeeded'> {
  private readonly logger = new Logger(PaymentSucceededHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: InvoiceMailer,
  ) {}

  async handle(event: DomainEventEnvelope<'payment.succeeded'>): Promise<void> {
    const invoice = await this.dataSource.getRepository(InvoiceEntity).findOneBy({ number: event.payload.invoiceNumber });
    if (!invoice) {
      this.logger.warn(`Invoice ${event.payload.invoiceNumber} no longer exists; no receipt to send`);
      return;
    }
    await this.mailer.send(event.id, invoice, 'payment-receipt');
  }
}
