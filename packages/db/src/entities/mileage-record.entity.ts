import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { JobEntity } from './job.entity.js';
import { VehicleEntity } from './vehicle.entity.js';

/** A trip logged against a fleet vehicle, optionally for a job. Distances in km. */
@Entity({ name: 'mileage_records' })
@Check('mileage_records_odometer_order', '"start_odometer" >= 0 AND "end_odometer" >= "start_odometer"')
@Check('mileage_records_distance_non_negative', '"distance" >= 0')
/** One odometer reading per truck per job: a second Complete prompt cannot log the trip twice. */
@Index('mileage_records_vehicle_job_unique', ['vehicleId', 'jobId'], { unique: true })
export class MileageRecordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicle_id' })
  vehicle: Relation<VehicleEntity>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  dateTime: Date;

  @Column({ type: 'int' })
  startOdometer: number;

  @Column({ type: 'int' })
  endOdometer: number;

  @Column({ type: 'int' })
  distance: number;

  @Column({ type: 'varchar', length: 200, nullable: true })
  purpose: string | null;

  /** Jobs can be deleted once finished; the trip stays in the log. */
  @Index()
  @Column({ type: 'varchar', length: 32, nullable: true })
  jobId: string | null;

  @ManyToOne(() => JobEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'job_id' })
  job: Relation<JobEntity> | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  startLocation: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  endLocation: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  driver: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;
}
