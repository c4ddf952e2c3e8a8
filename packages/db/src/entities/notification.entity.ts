import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type DeliveryStatus, type EmailCustomerInfo, type NotificationChannel, type NotificationStatus, PHONE_MAX_LENGTH } from '@towing/contracts';

/** Every email or SMS the system tried to send, and how it went. */
@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** event id + channel + recipient: a redelivered event never sends twice. */
  @Column({ type: 'varchar', length: 200, unique: true })
  dedupeKey: string;

  @Index()
  @Column({ type: 'varchar', length: 32, nullable: true })
  jobId: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  quoteId: string | null;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH, nullable: true })
  recipientPhone: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  recipientEmail: string | null;

  @Column({ type: 'varchar', length: 10 })
  type: NotificationChannel;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: NotificationStatus;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  subject: string | null;

  /** Who wrote to us, on an email that passes on a public form or an SOS: the admin's Contact Messages show it. */
  @Column({ type: 'jsonb', nullable: true })
  customerInfo: EmailCustomerInfo | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** The provider's id for the message (Twilio SID, SMTP message id); Twilio's status callbacks find the text by it. */
  @Index()
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerMessageId: string | null;

  /** What Twilio's status callbacks said of a text (POST /api/sms/status); null before the first. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  deliveryStatus: DeliveryStatus | null;

  @Column({ type: 'int', nullable: true })
  deliveryErrorCode: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
