import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

type AnnouncementType = 'info' | 'warning' | 'urgent';

/** A notice the admin publishes to the public site as a popup and/or a sidebar card. */
@Entity({ name: 'announcements' })
@Check('announcements_type_values', `"type" IN ('info', 'warning', 'urgent')`)
export class AnnouncementEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 10, default: 'info' })
  type: AnnouncementType;

  @Index()
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'boolean', default: true })
  showAsPopup: boolean;

  @Column({ type: 'boolean', default: true })
  showInSidebar: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'varchar', length: 50, default: 'admin' })
  createdBy: string;

  /** After this instant the announcement is no longer shown; null never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
