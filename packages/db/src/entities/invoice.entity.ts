import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { type InvoiceKind, type InvoiceLine, type InvoiceStatus, type PaymentFlag, PHONE_MAX_LENGTH } from '@towing/contracts';
import { JobEntity } from './job.entity.js';
import { QuoteEntity } from './quote.entity.js';

/** One line of an invoice as stored in invoices.line_items. unitPrice and total are integer cents. */
export type StoredInvoiceLineItem = InvoiceLine;

/**
 * A bill to a customer, paid through Stripe. Amount in integer cents.
 * Job and quote links survive their deletion as null: the money record stays.
 */
@Entity({ name: 'invoices' })
@Check('invoices_amount_non_negative', '"amount" >= 0')
@Check('invoices_status_values', `"status" IN ('pending', 'paid', 'void')`)
@Check('invoices_kind_values', `"kind" IN ('deposit', 'balance')`)
@Unique('invoices_one_per_quote_and_kind', ['quoteId', 'kind'])
export class InvoiceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** INV-{year in Perth}-{n}, n from the invoice_number_seq sequence. */
  @Column({ type: 'varchar', length: 20, unique: true })
  number: string;

  @Column({ type: 'varchar', length: 10 })
  kind: InvoiceKind;

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

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH, nullable: true })
  customerPhone: string | null;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  customerPhoneE164: string | null;

  /** GST inclusive. */
  @Column({ type: 'int' })
  amount: number;

  /** The GST inside amount: 1/11 of it. */
  @Column({ type: 'int', default: 0 })
  gstAmount: number;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: InvoiceStatus;

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

  /** Why the last card attempt failed, as Stripe said it. */
  @Column({ type: 'text', nullable: true })
  paymentError: string | null;

  /** The last signed payment event whose amount or currency did not match this invoice: flagged, not applied. */
  @Column({ type: 'jsonb', nullable: true })
  paymentFlag: Omit<PaymentFlag, 'invoiceNumber'> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  issuedAt: Date;

  /** When the customer's details were replaced (five years on, or an erasure); the amounts and lines stay. */
  @Column({ type: 'timestamptz', nullable: true })
  anonymisedAt: Date | null;
}
