import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';

/**
 * Where a job's truck was, as the driver's phone reported it while the job was on its way.
 * Kept POSITION_RETENTION_DAYS after the job closes, then purged (worker retention).
 */
@Entity({ name: 'job_positions' })
@Index('IDX_job_positions_job_fixed', ['jobId', 'fixedAt'], { unique: true })
export class JobPositionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id', foreignKeyConstraintName: 'FK_job_positions_job' })
  job: Relation<JobEntity>;

  @Column({ type: 'double precision' })
  lat: number;

  @Column({ type: 'double precision' })
  lng: number;

  @Column({ type: 'real', nullable: true })
  accuracyM: number | null;

  /** When the phone took the fix. */
  @Column({ type: 'timestamptz' })
  fixedAt: Date;

  /** The staff member whose phone sent it (username). */
  @Column({ type: 'varchar', length: 50 })
  sentBy: string;

  /** When the server received it. */
  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt: Date;
}
