import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { type JobStatus, PHONE_MAX_LENGTH } from '@towing/contracts';
import { type Assignee, UNASSIGNED } from '@towing/contracts';

@Entity({ name: 'jobs' })
@Check('jobs_progress_range', '"progress" BETWEEN 0 AND 100')
@Index('jobs_held_by_source', ['sourceKey', 'createdAt'], { where: '"held_at" IS NOT NULL' })
@Index('jobs_created_at', ['createdAt'])
export class JobEntity {
  /** JOB-{year}-{n}{6 random digits}, n from the job_number_seq sequence (backend job-number.ts). */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  customerName: string;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH })
  phone: string;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Index()
  @Column({ type: 'varchar', length: 16, nullable: true })
  phoneE164: string | null;

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

  @Column({ type: 'varchar', length: 50, default: UNASSIGNED })
  assignedTo: Assignee;

  /** Only what a person wrote as notes: what the job has fields for is never written here. */
  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The vehicle, as the SOS sender or the booking described it. */
  @Column({ type: 'text', nullable: true })
  vehicle: string | null;

  /** What happened, in the SOS sender's words. */
  @Column({ type: 'text', nullable: true })
  situation: string | null;

  /** The SOS sender's GPS fix, as their phone reported it (WGS 84 degrees). */
  @Column({ type: 'double precision', nullable: true })
  gpsLat: number | null;

  @Column({ type: 'double precision', nullable: true })
  gpsLng: number | null;

  @Column({ type: 'real', nullable: true })
  gpsAccuracyM: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  gpsFixedAt: Date | null;

  /** The first dispatcher to acknowledge the SOS on the board (username), and when. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  acknowledgedBy: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  acknowledgedAt: Date | null;
  /** Where the first photo with a position was taken (its EXIF GPS), kept when the photo's metadata is stripped. */
  @Column({ type: 'double precision', nullable: true })
  photoGpsLat: number | null;

  @Column({ type: 'double precision', nullable: true })
  photoGpsLng: number | null;

  /** The keyed hash of the client address an SOS came from (sos-admission); null for jobs not sent as an SOS. */
  @Column({ type: 'char', length: 64, nullable: true })
  sourceKey: string | null;

  /** Set while the SOS is held past its source's allowance: nobody was texted or alerted for it. */
  @Column({ type: 'timestamptz', nullable: true })
  heldAt: Date | null;

  /** Random secret in the customer's tracking link; opens the full view of this one job. */
  @Column({ type: 'varchar', length: 64, unique: true, select: false })
  trackingToken: string;

  /** The Idempotency-Key the creating request carried: a resend returns this job. */
  @Column({ type: 'varchar', length: 100, unique: true, nullable: true, select: false })
  idempotencyKey: string | null;

  /** SHA-256 of the creating request: the same key with a different request is refused, not answered. */
  @Column({ type: 'char', length: 64, nullable: true, select: false })
  idempotencyFingerprint: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** When the customer's details were erased on request (names, phone, email, location, photos). */
  @Column({ type: 'timestamptz', nullable: true })
  anonymisedAt: Date | null;
}
