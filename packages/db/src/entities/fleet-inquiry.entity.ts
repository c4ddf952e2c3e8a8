import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { PHONE_MAX_LENGTH } from '@towing/contracts';

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

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH })
  phone: string;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phoneE164: string | null;

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
