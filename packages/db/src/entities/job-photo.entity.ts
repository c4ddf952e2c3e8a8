import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { JobPhotoKind } from '@towing/contracts';
import { JobEntity } from './job.entity.js';

/**
 * A photo attached to a job. The bytes live in PostgreSQL rather than on a disk: every API
 * instance sees them, they are backed up with the job and deleted with it.
 */
@Entity({ name: 'job_photos' })
@Check('CHK_job_photos_kind', `"kind" IN ('sos', 'pickup', 'dropoff', 'signature')`)
@Index('IDX_job_photos_idempotency_key', ['jobId', 'idempotencyKey'], { unique: true })
export class JobPhotoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'varchar', length: 20 })
  contentType: string;

  @Column({ type: 'int' })
  size: number;

  /** Not selected by default: listing photos must not pull megabytes out of the database. */
  @Column({ type: 'bytea', select: false })
  data: Buffer;

  /** When it arrived at the server. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The SOS sender's photo, or what the driver recorded on the job (contracts job-media.ts). */
  @Column({ type: 'varchar', length: 16, default: 'sos' })
  kind: JobPhotoKind;

  /** When the phone took the photo or the customer signed; null for the SOS photo. */
  @Column({ type: 'timestamptz', nullable: true })
  takenAt: Date | null;

  /** The name the customer typed under their signature. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  signedBy: string | null;

  /** The staff member who added it (username); null for the SOS sender's photo. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  addedBy: string | null;

  /** The Idempotency-Key of the upload that made it: a resend from the phone's queue finds this row. */
  @Column({ type: 'varchar', length: 100, nullable: true, select: false })
  idempotencyKey: string | null;
}
