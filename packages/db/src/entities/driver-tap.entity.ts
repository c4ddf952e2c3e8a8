import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { DriverTapKind } from '@towing/contracts';
import { JobEntity } from './job.entity.js';
import { UserEntity } from './user.entity.js';

/**
 * One tap from /driver, kept by its Idempotency-Key: a resend (the phone's queue, Background Sync,
 * a second tab) answers what the first copy got, a refusal included, and changes nothing twice.
 */
@Entity({ name: 'driver_taps' })
@Index('driver_taps_user_key', ['userId', 'idempotencyKey'], { unique: true })
export class DriverTapEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'driver_taps_user' })
  user: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 100 })
  idempotencyKey: string;

  /** The route and body the key first came with; the same key with another body is refused. */
  @Column({ type: 'varchar', length: 64, select: false })
  fingerprint: string;

  @Index('driver_taps_job')
  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id', foreignKeyConstraintName: 'driver_taps_job' })
  job: Relation<JobEntity>;

  @Column({ type: 'varchar', length: 20 })
  kind: DriverTapKind;

  @Column({ type: 'int', nullable: true })
  etaMinutes: number | null;

  @Column({ type: 'int', nullable: true })
  odometerKm: number | null;

  /** The phone's clock when the driver tapped (clamped to the arrival time when it runs ahead). */
  @Column({ type: 'timestamptz' })
  madeAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt: Date;

  /** Why the tap was refused (409), in the words the driver is shown; null when it was applied. */
  @Column({ type: 'text', nullable: true })
  refusal: string | null;
}
