import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type VehicleCondition, type VehicleStatus, VEHICLE_DEFAULT_CONDITION } from '@towing/contracts';

/** A vehicle of the business's own fleet. */
@Entity({ name: 'vehicles' })
@Check('vehicles_mileage_non_negative', '"mileage" >= 0')
@Check('vehicles_status_known', `"status" IN ('active', 'maintenance', 'out_of_service')`)
@Check('vehicles_service_interval_positive', '"service_interval" >= 1')
@Check('vehicles_service_interval_months_positive', '"service_interval_months" >= 1')
export class VehicleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 50 })
  make: string;

  @Column({ type: 'varchar', length: 50 })
  model: string;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'varchar', length: 20, unique: true })
  registration: string;

  /** 30 rather than 17: older vehicles carry non-standard chassis numbers. */
  @Column({ type: 'varchar', length: 30, nullable: true, unique: true })
  vin: string | null;

  @Column({ type: 'varchar', length: 50 })
  type: string;

  /** Whether it can go out (active, maintenance, out_of_service). */
  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: VehicleStatus;

  /** How good it is, apart from whether it can go out. */
  @Column({ type: 'varchar', length: 20, default: VEHICLE_DEFAULT_CONDITION })
  condition: VehicleCondition;

  /**
   * Odometer in km when the vehicle joined the fleet. The current odometer is its latest fuel,
   * service or mileage reading, worked out from those records (one source, nothing to go stale).
   */
  @Column({ type: 'int', default: 0 })
  mileage: number;

  /** Kilometres between services. */
  @Column({ type: 'int', default: 10000 })
  serviceInterval: number;

  /** Months between services: due by km or by date, whichever comes first. */
  @Column({ type: 'int', default: 6 })
  serviceIntervalMonths: number;

  /** Odometer at the last service before its records here began (with lastServiceDate). */
  @Column({ type: 'int', nullable: true })
  lastServiceMileage: number | null;

  /** The owner who usually drives it, by first name as jobs are assigned; null for a spare. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  usualDriver: string | null;

  /**
   * The service interval (ServiceHealth.cycle) the owners were last told is due: set in the
   * same transaction as the vehicle.serviceDue event, so each interval alerts once; cleared when
   * a change makes the truck no longer due, so it alerts once more if it comes due again.
   */
  @Column({ type: 'varchar', length: 50, nullable: true })
  serviceDueAlertedCycle: string | null;

  @Column({ type: 'date', nullable: true })
  nextService: string | null;

  @Column({ type: 'date', nullable: true })
  lastServiceDate: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  engineType: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  engineSize: string | null;

  @Column({ type: 'varchar', length: 20, default: 'Diesel' })
  fuelType: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  transmission: string | null;

  @Column({ type: 'varchar', length: 20, default: '4WD' })
  driveType: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  modifications: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  specialFeatures: string[];

  /** Free text as entered (e.g. '3,500 kg'): the spec shows no unit. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  towingCapacity: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  gvm: string | null;

  @Column({ type: 'text', nullable: true })
  alerts: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'date', nullable: true })
  insuranceExpiry: string | null;

  @Column({ type: 'date', nullable: true })
  registrationExpiry: string | null;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
