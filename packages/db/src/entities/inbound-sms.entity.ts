import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A text Twilio brought to POST /api/sms/inbound, stored once per MessageSid: Twilio retries a
 * webhook it got no answer to, and the retry finds this row and does nothing again.
 */
@Entity({ name: 'inbound_sms' })
export class InboundSmsEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  messageSid: string;

  /** E.164, as Twilio sends it. */
  @Column({ type: 'varchar', length: 16 })
  fromPhone: string;

  @Column({ type: 'text' })
  body: string;

  /** What the text was taken for (contracts' InboundSmsKind). */
  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** The job it acknowledged, timed, joined or created; null when none. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  jobId: string | null;

  /** What we answer by text (sent by the worker through the SMS policy); null when nothing. */
  @Column({ type: 'text', nullable: true })
  reply: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
