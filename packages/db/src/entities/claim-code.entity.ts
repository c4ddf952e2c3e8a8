import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';
import { UserEntity } from './user.entity.js';

/** A 6-digit code texted to a job's phone so an account can prove the job is its own. */
@Entity({ name: 'claim_codes' })
@Index(['userId', 'jobId'])
export class ClaimCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 32 })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  /** HMAC of the code: the code itself only travels in the text message. */
  @Column({ type: 'char', length: 64 })
  codeHash: string;

  /** Wrong codes tried against this one; it is spent after a few. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
