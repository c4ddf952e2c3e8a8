import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { VehicleEntity } from './vehicle.entity.js';

/** Any other cost of running a fleet vehicle (insurance, registration, tyres...). Amount in cents. */
@Entity({ name: 'fleet_expenses' })
@Check('fleet_expenses_amount_non_negative', '"amount" >= 0')
export class FleetExpenseEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicle_id' })
  vehicle: Relation<VehicleEntity>;

  @Column({ type: 'varchar', length: 50 })
  expenseType: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  vendor: string | null;

  /** The vendor's invoice number; not unique, vendors number independently. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  invoiceNumber: string | null;

  @Column({ type: 'date' })
  expenseDate: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  category: string | null;

  @Column({ type: 'boolean', default: false })
  isPaid: boolean;

  @Column({ type: 'varchar', length: 30, nullable: true })
  paymentMethod: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;
}
