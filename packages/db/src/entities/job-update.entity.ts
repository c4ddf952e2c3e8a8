import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';

/** One line of a job's history: what changed and the status it left the job in. */
@Entity({ name: 'job_updates' })
export class JobUpdateEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 20 })
  status: string;

  /** The staff member who made the change (username); null for the customer's own request or the system. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  actor: string | null;

  /** When it happened where it was done, when that is not when it arrived: a driver's tap made offline carries the phone's time. Null: createdAt. */
  @Column({ type: 'timestamptz', nullable: true })
  occurredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
