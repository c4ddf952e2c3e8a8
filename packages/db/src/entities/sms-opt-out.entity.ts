import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A number that texted STOP (or another opt-out word): never texted again until it texts START. */
@Entity({ name: 'sms_opt_outs' })
export class SmsOptOutEntity {
  /** E.164. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  phone: string;

  @CreateDateColumn({ type: 'timestamptz' })
  optedOutAt: Date;
}
