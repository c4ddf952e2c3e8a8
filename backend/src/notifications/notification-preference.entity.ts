import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a customer agreed to receive, keyed by email (stored lower-cased by the service). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  customerEmail: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  customerPhone: string | null;

  @Column({ type: 'boolean', default: true })
  smsEnabled: boolean;

  @Column({ type: 'boolean', default: true })
  emailEnabled: boolean;

  @Column({ type: 'boolean', default: true })
  jobUpdates: boolean;

  @Column({ type: 'boolean', default: false })
  marketingEmails: boolean;
}
