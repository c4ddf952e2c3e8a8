import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Small pieces of dispatch state the whole team shares, such as how many drivers are free. */
@Entity({ name: 'settings' })
export class SettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
