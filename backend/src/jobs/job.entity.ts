import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { JobStatus } from '@towing/contracts';

@Entity({ name: 'jobs' })
@Check('jobs_progress_range', '"progress" BETWEEN 0 AND 100')
export class JobEntity {
  /** JOB-{year}-{n}, n from the job_number_seq sequence. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Index()
  @Column({ type: 'varchar', length: 20 })
  phone: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  email: string | null;

  @Index()
  @Column({ type: 'varchar', length: 20, default: 'Assigned' })
  status: JobStatus;

  @Column({ type: 'varchar', length: 100 })
  service: string;

  @Column({ type: 'varchar', length: 500 })
  location: string;

  @Column({ type: 'timestamptz', nullable: true })
  estimatedArrival: Date | null;

  @Column({ type: 'int', default: 0 })
  progress: number;

  @Column({ type: 'varchar', length: 50, default: 'Unassigned' })
  assignedTo: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** Random secret in the customer's tracking link; opens the full view of this one job. */
  @Column({ type: 'varchar', length: 64, unique: true, select: false })
  trackingToken: string;

  /** The Idempotency-Key the creating request carried: a resend returns this job. */
  @Column({ type: 'varchar', length: 100, unique: true, nullable: true, select: false })
  idempotencyKey: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
