import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';

/** One text of a job's conversation with its customer: theirs (inbound) or the dispatcher's (outbound, sent as SMS). */
@Entity({ name: 'job_messages' })
@Index('job_messages_by_job', ['jobId', 'createdAt'])
@Check('job_messages_direction', `"direction" IN ('inbound', 'outbound')`)
export class JobMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'varchar', length: 10 })
  direction: 'inbound' | 'outbound';

  @Column({ type: 'text' })
  body: string;

  /** The staff member who wrote an outbound text (username); null for the customer's own. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  author: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
