import { Body, Controller, Get, Post } from '@nestjs/common';
import type { Testimonial } from '@towing/contracts';
import { Access } from '../common/access.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { CreateTestimonialDto } from './dto/create-testimonial.dto.js';
import { TestimonialsService } from './testimonials.service.js';

@Controller('testimonials')
@Access('public')
export class TestimonialsController {
  constructor(private readonly testimonials: TestimonialsService) {}

  @Get()
  list(): Promise<Testimonial[]> {
    return this.testimonials.list();
  }

  @Post()
  @RateLimit({ name: 'testimonials', points: 5, windowSeconds: 600 })
  create(@Body() dto: CreateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.create(dto);
  }
}
