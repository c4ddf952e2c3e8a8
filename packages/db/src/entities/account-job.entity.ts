import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { JobEntity } from './job.entity.js';
import { UserEntity } from './user.entity.js';

/** How an account came to see a job: it created it while signed in, or proved it owns it. */
export type AccountJobProof = 'created' | 'token' | 'code';

/**
 * A job an account may see in its dashboard. Knowing the job's phone number or email is not
 * enough: anyone can register with someone else's.
 */
@Entity({ name: 'account_jobs' })
@Unique('account_jobs_user_job', ['userId', 'jobId'])
export class AccountJobEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'varchar', length: 10 })
  proof: AccountJobProof;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
