import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { VehicleEntity } from './vehicle.entity.js';

/** A refuel of a fleet vehicle. Liters in thousandths, money in integer cents. */
@Entity({ name: 'fuel_records' })
@Check('fuel_records_liters_positive', '"liters" > 0')
@Check('fuel_records_money_non_negative', '"price_per_liter" >= 0 AND "total_cost" >= 0')
@Check('fuel_records_odometer_non_negative', '"odometer_reading" >= 0')
export class FuelRecordEntity {
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

  @Column({ type: 'varchar', length: 500 })
  location: string;

  @Column({ type: 'varchar', length: 20 })
  fuelType: string;

  /** Thousandths of a liter. */
  @Column({ type: 'int' })
  liters: number;

  /** Cents per liter. */
  @Column({ type: 'int', default: 0 })
  pricePerLiter: number;

  @Column({ type: 'int', default: 0 })
  totalCost: number;

  /** Odometer in km at the fill. */
  @Column({ type: 'int' })
  odometerReading: number;

  @Column({ type: 'varchar', length: 20, default: 'Full' })
  fillType: string;

  /** Liters per 100 km since the previous full fill; derived, so a float is enough. */
  @Column({ type: 'real', nullable: true })
  efficiency: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  driver: string | null;

  /** Receipt number or a link to its image. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  receipt: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;
}
