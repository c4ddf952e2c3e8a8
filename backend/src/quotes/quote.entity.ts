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
import { JobEntity } from '../jobs/job.entity.js';

type QuoteStatus = 'draft' | 'sent' | 'accepted' | 'rejected' | 'expired';

/** One line of a quote as stored in quotes.items. unitPrice and total are integer cents. */
export interface StoredQuoteItem {
  id: string;
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
  category: 'service' | 'parts' | 'misc';
}

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
  /** QUOTE-{n}, n from the quote_number_seq sequence; the quote number shown is n. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Column({ type: 'varchar', length: 20 })
  customerPhone: string;

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

  /** The completed job this quote was drafted from; unique so a redelivered event drafts once. */
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
