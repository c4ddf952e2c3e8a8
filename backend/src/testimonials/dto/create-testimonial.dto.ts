import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { TESTIMONIAL_SERVICES, type TestimonialRequest } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

const REQUIRED = 'Name, service, and testimonial are required';

export class CreateTestimonialDto implements TestimonialRequest {
  @IsString({ message: REQUIRED })
  @Matches(/\S/, { message: REQUIRED })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;

  @Optional()
  @IsString()
  @MaxLength(200, { message: 'Location must be at most 200 characters' })
  location?: string;

  @Optional()
  @IsInt({ message: 'Rating must be between 1-5' })
  @Min(1, { message: 'Rating must be between 1-5' })
  @Max(5, { message: 'Rating must be between 1-5' })
  rating?: number;

  @IsString({ message: REQUIRED })
  @Matches(/\S/, { message: REQUIRED })
  @MaxLength(2000, { message: 'Testimonial must be at most 2000 characters' })
  message: string;

  @IsIn(TESTIMONIAL_SERVICES, { message: REQUIRED })
  service: string;
}
