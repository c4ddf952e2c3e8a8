import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { PHONE_MAX_LENGTH, type Role } from '@towing/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50, unique: true })
  username: string;

  /** scrypt hash with its salt and cost; never sent to a client. */
  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  /** A contact address as typed, not verified: shared by any number of accounts, it identifies no one (migration AccountEmailNotUnique). */
  @Column({ type: 'varchar', length: 100 })
  email: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: PHONE_MAX_LENGTH, nullable: true })
  phone: string | null;

  /** The same number in E.164 form (the one phone rule, contracts' toE164); null when it cannot be one. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phoneE164: string | null;

  @Column({ type: 'varchar', length: 20, default: 'customer' })
  role: Role;

  /** An admin who also drives a truck (the owners); a driver account drives whatever this says (contracts' drivesTrucks). */
  @Column({ type: 'boolean', default: false })
  drives: boolean;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
