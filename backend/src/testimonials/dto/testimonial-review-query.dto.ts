import { IsIn } from 'class-validator';
import { TESTIMONIAL_STATUSES, type TestimonialReviewQuery, type TestimonialStatus } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

export class TestimonialReviewQueryDto implements TestimonialReviewQuery {
  @Optional()
  @IsIn(TESTIMONIAL_STATUSES, { message: `status must be one of ${TESTIMONIAL_STATUSES.join(', ')}` })
  status?: TestimonialStatus;
}
