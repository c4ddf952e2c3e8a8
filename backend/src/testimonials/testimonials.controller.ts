import { Body, Controller, Param, Query, Req } from '@nestjs/common';
import type { ReviewedTestimonial, Testimonial } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { CreateTestimonialDto } from './dto/create-testimonial.dto.js';
import { ReviewTestimonialDto } from './dto/review-testimonial.dto.js';
import { TestimonialReviewQueryDto } from './dto/testimonial-review-query.dto.js';
import { TestimonialsService } from './testimonials.service.js';

@Controller()
export class TestimonialsController {
  constructor(private readonly testimonials: TestimonialsService) {}

  /** Approved testimonials only. */
  @Endpoint('GET /api/testimonials')
  @Access('public')
  list(): Promise<Testimonial[]> {
    return this.testimonials.listApproved();
  }

  /** Stored as pending: nothing anyone types goes public before a staff member has read it. */
  @Endpoint('POST /api/testimonials')
  @Access('public')
  @RateLimit({ name: 'testimonials', points: 5, windowSeconds: 600 })
  create(@Body() dto: CreateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.create(dto);
  }

  @Endpoint('GET /api/testimonials/review')
  @Access('admin')
  review(@Query() query: TestimonialReviewQueryDto): Promise<ReviewedTestimonial[]> {
    return this.testimonials.listForReview(query.status ?? 'pending');
  }

  @Endpoint('PATCH /api/testimonials/:id')
  @Access('admin')
  decide(@Req() request: AuthenticatedRequest, @Param('id', IdParamPipe) id: number, @Body() dto: ReviewTestimonialDto): Promise<ReviewedTestimonial> {
    return this.testimonials.decide(id, dto.status, request.user!.username);
  }
}
