import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EmailCustomerInfo } from '@towing/contracts';

/** An email the business sent or received through the site: the admin's Contact Messages. */
@Entity({ name: 'emails' })
export class EmailEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  to: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'text' })
  htmlContent: string;

  @Column({ type: 'jsonb', nullable: true })
  customerInfo: EmailCustomerInfo | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;

  @Column({ type: 'boolean', default: false })
  sent: boolean;

  /** The notification that delivers this email, so its outcome can mark it sent. */
  @Column({ type: 'int', nullable: true, unique: true })
  notificationId: number | null;
}
