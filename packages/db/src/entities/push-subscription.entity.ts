import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { UserEntity } from './user.entity.js';

/** One staff device that turned SOS alerts on: where its push service takes pushes, and its keys (RFC 8291). */
@Entity({ name: 'push_subscriptions' })
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_push_subscriptions_user_id')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_push_subscriptions_user' })
  user: Relation<UserEntity>;

  /** The push service's URL for this device: one device, one row (a second sign-in on it takes the row over). */
  @Column({ type: 'varchar', length: 1024, unique: true })
  endpoint: string;

  /** The browser's P-256 public key, URL-safe base64. */
  @Column({ type: 'varchar', length: 100 })
  p256dh: string;

  /** The browser's authentication secret, URL-safe base64. */
  @Column({ type: 'varchar', length: 50 })
  auth: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
