import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { TestimonialStatus } from '@towing/contracts';

/** A review shared from the Testimonials page; public once a staff member approves it. */
@Entity({ name: 'testimonials' })
@Check('testimonials_rating_range', '"rating" BETWEEN 1 AND 5')
export class TestimonialEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: 'Pilbara Region' })
  location: string;

  @Column({ type: 'int', default: 5 })
  rating: number;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 100 })
  service: string;

  @Index()
  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: TestimonialStatus;

  @Column({ type: 'varchar', length: 50, nullable: true })
  reviewedBy: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
