import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { givenText, type ReviewedTestimonial, type Testimonial, TESTIMONIAL_DEFAULTS, type TestimonialStatus } from '@towing/contracts';
import { TestimonialEntity } from '@towing/db';
import { notFound } from '../common/errors.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { CreateTestimonialDto } from './dto/create-testimonial.dto.js';

/** How many testimonials one review list shows: far more than a small business gets in a while. */
const REVIEW_LIST_LIMIT = 200;

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

function toReviewedView(row: TestimonialEntity): ReviewedTestimonial {
  return { ...toTestimonialView(row), status: row.status, reviewedBy: row.reviewedBy, reviewedAt: row.reviewedAt?.toISOString() ?? null };
}

@Injectable()
export class TestimonialsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async listApproved(): Promise<Testimonial[]> {
    const rows = await this.repository().find({ where: { status: 'approved' }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toTestimonialView);
  }

  /** Pending ones oldest first (the next to read on top); decided ones newest first. */
  async listForReview(status: TestimonialStatus): Promise<ReviewedTestimonial[]> {
    const order = status === 'pending' ? 'ASC' : 'DESC';
    const rows = await this.repository().find({ where: { status }, order: { createdAt: order, id: order }, take: REVIEW_LIST_LIMIT });
    return rows.map(toReviewedView);
  }

  async create(dto: CreateTestimonialDto): Promise<Testimonial> {
    const repository = this.repository();
    const saved = await repository.save(
      repository.create({
        name: dto.name.trim(),
        location: givenText(dto.location) ?? TESTIMONIAL_DEFAULTS.location,
        rating: dto.rating ?? TESTIMONIAL_DEFAULTS.rating,
        message: dto.message.trim(),
        service: dto.service,
        status: 'pending',
      }),
    );
    const row = await repository.findOneByOrFail({ id: saved.id });
    this.realtime.toAdmins('testimonial:updated', toReviewedView(row));
    return toTestimonialView(row);
  }

  /** A staff member's decision; deciding again (changing one's mind) is allowed and recorded the same way. */
  async decide(id: number, status: 'approved' | 'rejected', reviewer: string): Promise<ReviewedTestimonial> {
    const repository = this.repository();
    const result = await repository.update({ id }, { status, reviewedBy: reviewer, reviewedAt: new Date() });
    if (!result.affected) throw notFound(`Testimonial ${id} not found`);
    const view = toReviewedView(await repository.findOneByOrFail({ id }));
    this.realtime.toAdmins('testimonial:updated', view);
    return view;
  }

  private repository() {
    return this.dataSource.getRepository(TestimonialEntity);
  }
}
