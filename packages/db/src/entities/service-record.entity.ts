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
} from 'typeorm';
import { VehicleEntity } from './vehicle.entity.js';

/** A service or repair done on a fleet vehicle. Costs are integer cents. */
@Entity({ name: 'service_records' })
@Check('service_records_money_non_negative', '"labor_cost" >= 0 AND "parts_cost" >= 0 AND "total_cost" >= 0')
@Check('service_records_mileage_non_negative', '"mileage_at_service" >= 0')
export class ServiceRecordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicle_id' })
  vehicle: Relation<VehicleEntity>;

  @Column({ type: 'varchar', length: 50, nullable: true, unique: true })
  invoiceNumber: string | null;

  @Column({ type: 'varchar', length: 50 })
  serviceType: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 100 })
  servicedBy: string;

  @Column({ type: 'int', default: 0 })
  laborCost: number;

  @Column({ type: 'int', default: 0 })
  partsCost: number;

  @Column({ type: 'int', default: 0 })
  totalCost: number;

  /** Odometer in km when serviced. */
  @Column({ type: 'int' })
  mileageAtService: number;

  @Column({ type: 'text', nullable: true })
  partsReplaced: string | null;

  @Column({ type: 'text', nullable: true })
  workPerformed: string | null;

  @Column({ type: 'date', nullable: true })
  nextServiceDue: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  warranty: string | null;

  @Column({ type: 'date' })
  invoiceDate: string;

  @Column({ type: 'boolean', default: false })
  isPaid: boolean;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
