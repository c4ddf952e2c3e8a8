import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { type CreateFeedbackRequest, RECOMMEND_OPTIONS, type Recommend } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** Ten spaces are not detailed feedback. */
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

const score = (label: string) => [
  IsInt({ message: `Please provide a ${label}` }),
  Min(1, { message: `${label[0]!.toUpperCase()}${label.slice(1)} must be between 1-5` }),
  Max(5, { message: `${label[0]!.toUpperCase()}${label.slice(1)} must be between 1-5` }),
];

function Score(label: string): PropertyDecorator {
  return (target, property) => score(label).forEach((decorate) => decorate(target, property));
}

export class CreateFeedbackDto implements CreateFeedbackRequest {
  @IsString({ message: 'Please select a job to review' })
  @Matches(/\S/, { message: 'Please select a job to review' })
  @MaxLength(32, { message: 'Please select a job to review' })
  jobId: string;

  @Score('rating')
  rating: number;

  @Score('service quality rating')
  serviceQuality: number;

  @Score('response time rating')
  responseTime: number;

  @Score('communication rating')
  communication: number;

  @Score('value rating')
  value: number;

  @Transform(trim)
  @IsString({ message: 'Please provide detailed feedback' })
  @MinLength(10, { message: 'Please provide detailed feedback' })
  @MaxLength(5000, { message: 'Feedback must be at most 5000 characters' })
  comments: string;

  @IsIn(RECOMMEND_OPTIONS, { message: 'Please choose yes, no or maybe' })
  recommend: Recommend;

  @Optional()
  @IsString({ message: 'Improvements must be text' })
  @MaxLength(5000, { message: 'Improvements must be at most 5000 characters' })
  improvements?: string;

  @Optional() @IsString() @MaxLength(100) token?: string;
}
