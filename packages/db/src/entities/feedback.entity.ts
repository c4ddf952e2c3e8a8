import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';

type Recommend = 'yes' | 'no' | 'maybe';

/** A customer's rating of a completed job. */
@Entity({ name: 'feedback' })
@Check('feedback_rating_range', '"rating" BETWEEN 1 AND 5')
@Check('feedback_service_quality_range', '"service_quality" BETWEEN 1 AND 5')
@Check('feedback_response_time_range', '"response_time" BETWEEN 1 AND 5')
@Check('feedback_communication_range', '"communication" BETWEEN 1 AND 5')
@Check('feedback_value_range', '"value" BETWEEN 1 AND 5')
@Check('feedback_recommend_values', `"recommend" IN ('yes', 'no', 'maybe')`)
export class FeedbackEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique: a job is rated once. */
  @Column({ type: 'varchar', length: 32, unique: true })
  jobId: string;

  @ManyToOne(() => JobEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity>;

  @Column({ type: 'int' })
  rating: number;

  @Column({ type: 'int' })
  serviceQuality: number;

  @Column({ type: 'int' })
  responseTime: number;

  @Column({ type: 'int' })
  communication: number;

  @Column({ type: 'int' })
  value: number;

  @Column({ type: 'text' })
  comments: string;

  @Column({ type: 'varchar', length: 5 })
  recommend: Recommend;

  @Column({ type: 'text', nullable: true })
  improvements: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
