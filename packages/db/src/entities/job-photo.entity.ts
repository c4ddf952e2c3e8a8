import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';

/**
 * A photo attached to a job. The bytes live in PostgreSQL rather than on a disk: every API
 * instance sees them, they are backed up with the job and deleted with it.
 */
@Entity({ name: 'job_photos' })
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
