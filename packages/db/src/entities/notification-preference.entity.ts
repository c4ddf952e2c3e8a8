import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { PHONE_MAX_LENGTH } from '@towing/contracts';

/** What a customer agreed to receive, keyed by email (stored lower-cased by the service). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  customerEmail: string;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH, nullable: true })
  customerPhone: string | null;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  customerPhoneE164: string | null;

  @Column({ type: 'boolean', default: true })
  smsEnabled: boolean;

  @Column({ type: 'boolean', default: true })
  emailEnabled: boolean;

  @Column({ type: 'boolean', default: true })
  jobUpdates: boolean;

  @Column({ type: 'boolean', default: false })
  marketingEmails: boolean;
}
