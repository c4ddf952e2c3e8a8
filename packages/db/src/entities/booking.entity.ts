import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { PHONE_MAX_LENGTH } from '@towing/contracts';
import { JobEntity } from './job.entity.js';

type BookingUrgency = 'emergency' | 'same-day' | 'scheduled';
type BookingStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** A customer's request for a service; an admin approves it into a job. */
@Entity({ name: 'bookings' })
@Check('bookings_urgency_values', `"urgency" IN ('emergency', 'same-day', 'scheduled')`)
@Check('bookings_status_values', `"status" IN ('pending', 'approved', 'rejected', 'cancelled')`)
export class BookingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH })
  phone: string;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phoneE164: string | null;

  @Column({ type: 'varchar', length: 100 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  service: string;

  @Column({ type: 'varchar', length: 500 })
  location: string;

  /** Calendar day the customer picked (YYYY-MM-DD). */
  @Column({ type: 'date' })
  preferredDate: string;

  /** One of the half-hour slots, as the form shows it (e.g. '08:30 AM'). */
  @Column({ type: 'varchar', length: 20 })
  preferredTime: string;

  @Column({ type: 'varchar', length: 20, default: 'scheduled' })
  urgency: BookingUrgency;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  vehicleDetails: string | null;

  @Index()
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: BookingStatus;

  /** The job created when the booking was approved; unique so one approval makes one job. */
  @Column({ type: 'varchar', length: 32, nullable: true, unique: true })
  jobId: string | null;

  @ManyToOne(() => JobEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
