import { IsEmail, IsIn, IsInt, IsISO8601, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ASSIGNEES, type Assignee, type CreateJobRequest, JOB_STATUSES, type JobStatus } from '@towing/contracts';
import { IsPhone, Optional } from '../../common/dto-rules.js';

/** A job an admin creates: the admin decides status, assignment and progress. */
export class CreateJobDto implements CreateJobRequest {
  @IsString({ message: 'Customer name is required' })
  @MinLength(1, { message: 'Customer name is required' })
  @MaxLength(100)
  customerName: string;

  @IsPhone({ required: 'Phone number is required' })
  phone: string;

  @Optional() @IsEmail({}, { message: 'Please enter a valid email address' }) @MaxLength(100) email?: string;

  @IsString({ message: 'Service is required' })
  @MinLength(1, { message: 'Service is required' })
  @MaxLength(100)
  service: string;

  @IsString({ message: 'Location is required' })
  @MinLength(1, { message: 'Location is required' })
  @MaxLength(500)
  location: string;

  @Optional() @IsISO8601({}, { message: 'estimatedArrival must be an ISO 8601 date-time' }) estimatedArrival?: string;
  @Optional() @IsIn(ASSIGNEES, { message: `assignedTo must be one of ${ASSIGNEES.join(', ')}` }) assignedTo?: Assignee;
  @Optional() @IsString() @MaxLength(5000) notes?: string;
  @Optional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @Optional() @IsInt() @Min(0) @Max(100) progress?: number;
}
