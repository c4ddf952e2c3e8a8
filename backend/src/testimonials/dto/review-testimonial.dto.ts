import { IsIn } from 'class-validator';
import type { ReviewTestimonialRequest } from '@towing/contracts';

const DECISIONS = ['approved', 'rejected'] as const;

export class ReviewTestimonialDto implements ReviewTestimonialRequest {
  @IsIn(DECISIONS, { message: 'status must be approved or rejected' })
  status: ReviewTestimonialRequest['status'];
}
