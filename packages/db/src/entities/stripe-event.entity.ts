import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Stripe event we have applied, written in the same transaction as its effect: the
 * primary key makes a redelivered webhook, or the reconciliation finding an event the
 * webhook already brought, a no-op.
 */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  /** Stripe's event id (evt_...). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  /** When Stripe created the event: out-of-order deliveries are compared by it. */
  @Column({ type: 'timestamptz' })
  stripeCreatedAt: Date;

  /** webhook or reconciliation: how it reached us. */
  @Column({ type: 'varchar', length: 20 })
  source: 'webhook' | 'reconciliation';

  @CreateDateColumn({ type: 'timestamptz' })
  appliedAt: Date;
}
