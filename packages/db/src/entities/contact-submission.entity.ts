import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { PHONE_MAX_LENGTH } from '@towing/contracts';

/** A message sent from the public Contact Us form. */
@Entity({ name: 'contact_submissions' })
export class ContactSubmissionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  @Column({ type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH })
  phone: string;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phoneE164: string | null;

  @Column({ type: 'varchar', length: 100 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  serviceNeeded: string;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
