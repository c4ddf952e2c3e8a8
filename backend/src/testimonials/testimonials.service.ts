import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TESTIMONIAL_DEFAULTS, type Testimonial } from '@towing/contracts';
import type { CreateTestimonialDto } from './dto/create-testimonial.dto.js';
import { TestimonialEntity } from './testimonial.entity.js';

function toTestimonialView(row: TestimonialEntity): Testimonial {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    rating: row.rating,
    message: row.message,
    service: row.service,
    createdAt: row.createdAt.toISOString(),
  };
}

@Injectable()
export class TestimonialsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<Testimonial[]> {
    const rows = await this.dataSource.getRepository(TestimonialEntity).find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toTestimonialView);
  }

  async create(dto: CreateTestimonialDto): Promise<Testimonial> {
    const repository = this.dataSource.getRepository(TestimonialEntity);
    const saved = await repository.save(
      repository.create({
        name: dto.name.trim(),
        location: dto.location?.trim() || TESTIMONIAL_DEFAULTS.location,
        rating: dto.rating ?? TESTIMONIAL_DEFAULTS.rating,
        message: dto.message.trim(),
        service: dto.service,
      }),
    );
    return toTestimonialView(await repository.findOneByOrFail({ id: saved.id }));
  }
}
