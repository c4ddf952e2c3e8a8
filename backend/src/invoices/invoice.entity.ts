import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from '../jobs/job.entity.js';
import { QuoteEntity } from '../quotes/quote.entity.js';

/** One line of an invoice as stored in invoices.line_items. unitPrice and total are integer cents. */
export interface StoredInvoiceLineItem {
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/**
 * A bill to a customer, paid through Stripe. Amount in integer cents.
 * Job and quote links survive their deletion as null: the money record stays.
 */
@Entity({ name: 'invoices' })
@Check('invoices_amount_non_negative', '"amount" >= 0')
export class InvoiceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 32, nullable: true })
  jobId: string | null;

  @ManyToOne(() => JobEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity> | null;

  @Index()
  @Column({ type: 'varchar', length: 32, nullable: true })
  quoteId: string | null;

  @ManyToOne(() => QuoteEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'quote_id' })
  quote: Relation<QuoteEntity> | null;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  customerEmail: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  customerPhone: string | null;

  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  /** Unique so a redelivered Stripe webhook finds the one invoice it pays. */
  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'text', nullable: true })
  paymentLink: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  lineItems: StoredInvoiceLineItem[];

  @Column({ type: 'date', nullable: true })
  dueDate: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;
}
