import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A domain event written in the same transaction as the change it describes.
 * publishedAt stays null until the relay has put it on the queue.
 */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished', ['createdAt'], { where: '"published_at" IS NULL' })
export class OutboxEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'jsonb' })
  payload: object;

  /** The request the event was recorded in (X-Request-Id or made by the API); null outside a request. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
