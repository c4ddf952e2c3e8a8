import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A public review shared from the Testimonials page. */
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
