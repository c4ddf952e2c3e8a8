import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { JobEntity } from './job.entity.js';

import { PHONE_MAX_LENGTH, type QuoteItem, type QuoteStatus } from '@towing/contracts';

/** One line of a quote as stored in quotes.items. unitPrice and total are integer cents. */
export type StoredQuoteItem = QuoteItem;

/** A priced offer to a customer. Every money column is integer cents. */
@Entity({ name: 'quotes' })
@Check('quotes_status_values', `"status" IN ('draft', 'sent', 'accepted', 'rejected', 'expired')`)
@Check('quotes_discount_percent_range', '"discount_percent" BETWEEN 0 AND 50')
@Check(
  'quotes_money_non_negative',
  '"items_subtotal" >= 0 AND "base_price" >= 0 AND "discount_amount" >= 0 AND "final_price" >= 0 AND ("deposit_amount" IS NULL OR "deposit_amount" >= 0)',
)
@Check('quotes_distance_non_negative', '"distance" >= 0')
export class QuoteEntity {
  /** 128 random bits, base64url: the customer's link is the key to the quote, so it cannot be guessed or walked. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  /** The number people read (Q-1000), from the quote_number_seq sequence: never a count, never random. */
  @Column({ type: 'int', unique: true, default: () => "nextval('quote_number_seq')" })
  quoteNumber: number;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH })
  customerPhone: string;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  customerPhoneE164: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  customerEmail: string | null;

  @Column({ type: 'varchar', length: 100 })
  vehicleType: string;

  @Column({ type: 'varchar', length: 100 })
  service: string;

  @Column({ type: 'varchar', length: 500 })
  fromLocation: string;

  @Column({ type: 'varchar', length: 500 })
  toLocation: string;

  /** Whole kilometres. */
  @Column({ type: 'int', default: 0 })
  distance: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  items: StoredQuoteItem[];

  @Column({ type: 'int', default: 0 })
  itemsSubtotal: number;

  /** The route's location multiplier in hundredths (1.15 is 115). */
  @Column({ type: 'int', default: 100 })
  multiplierHundredths: number;

  @Column({ type: 'int', default: 0 })
  basePrice: number;

  /** Whole percent, 0-50. */
  @Column({ type: 'int', default: 0 })
  discountPercent: number;

  @Column({ type: 'int', default: 0 })
  discountAmount: number;

  @Column({ type: 'int', default: 0 })
  finalPrice: number;

  /** Deposit asked on acceptance; null means the default rule (30% of finalPrice). */
  @Column({ type: 'int', nullable: true })
  depositAmount: number | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'timestamptz' })
  validUntil: Date;

  @Index()
  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: QuoteStatus;

  /** When the last Email Quote went out. */
  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /**
   * When staff last asked for the quote to be sent (Email Quote); cleared by an edit. From then
   * the customer's link reads, though the quote stays draft until the email has gone: the SMS
   * with the link does not wait for the email.
   */
  @Column({ type: 'timestamptz', nullable: true })
  sendRequestedAt: Date | null;

  /** The name the customer typed when accepting, having ticked the terms. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  acceptedName: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  /** The address the acceptance came from. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  acceptedIp: string | null;

  /** The job this quote was drafted from or scheduled; unique, so a redelivered job.completed drafts once. */
  @Column({ type: 'varchar', length: 32, nullable: true, unique: true })
  jobId: string | null;

  @ManyToOne(() => JobEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
