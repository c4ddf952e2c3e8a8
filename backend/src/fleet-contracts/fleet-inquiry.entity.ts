import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A company's request for a fleet or mining-site service contract proposal. */
@Entity({ name: 'fleet_inquiries' })
@Check('fleet_inquiries_services_present', 'cardinality("services") >= 1')
export class FleetInquiryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  companyName: string;

  @Column({ type: 'varchar', length: 100 })
  contactName: string;

  @Column({ type: 'varchar', length: 100 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  phone: string;

  /** One of the form's size bands, such as '6-15'. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  fleetSize: string | null;

  /** The form sends these comma-joined; stored one service per element. */
  @Column({ type: 'text', array: true })
  services: string[];

  @Column({ type: 'text', nullable: true })
  requirements: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
