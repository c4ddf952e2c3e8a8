import { IsEmail, IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ASSIGNEES, JOB_STATUSES, type JobStatus } from '@towing/contracts';
import { PHONE_PATTERN } from './create-emergency-job.dto.js';

/** A job an admin creates: the admin decides status, assignment and progress. */
export class CreateJobDto {
  @IsString({ message: 'Customer name is required' })
  @MinLength(1, { message: 'Customer name is required' })
  @MaxLength(100)
  customerName: string;

  @IsString({ message: 'Phone number is required' })
  @MinLength(1, { message: 'Phone number is required' })
  @MaxLength(20, { message: 'Please enter a valid phone number' })
  @Matches(PHONE_PATTERN, { message: 'Please enter a valid phone number' })
  phone: string;

  @IsOptional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;

  @IsString({ message: 'Service is required' })
  @MinLength(1, { message: 'Service is required' })
  @MaxLength(100)
  service: string;

  @IsString({ message: 'Location is required' })
  @MinLength(1, { message: 'Location is required' })
  @MaxLength(500)
  location: string;

  @IsOptional() @IsISO8601({}, { message: 'estimatedArrival must be an ISO 8601 date-time' }) estimatedArrival?: string;
  @IsOptional() @IsIn(ASSIGNEES, { message: `assignedTo must be one of ${ASSIGNEES.join(', ')}` }) assignedTo?: string;
  @IsOptional() @IsString() @MaxLength(5000) notes?: string;
  @IsOptional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @IsOptional() @IsInt() @Min(0) @Max(100) progress?: number;
}
