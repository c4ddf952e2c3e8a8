import { IsIn, IsInt, Max, Min } from 'class-validator';
import { ASSIGNEES, type Assignee, JOB_STATUSES, type JobStatus, type UpdateJobRequest } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** The board's status buttons and assignment selector; the state machine decides what is allowed. */
export class UpdateJobDto implements UpdateJobRequest {
  @Optional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @Optional() @IsInt({ message: 'progress must be a whole number' }) @Min(0, { message: 'progress must be between 0 and 100' }) @Max(100, { message: 'progress must be between 0 and 100' }) progress?: number;
  @Optional() @IsIn(ASSIGNEES, { message: `assignedTo must be one of ${ASSIGNEES.join(', ')}` }) assignedTo?: Assignee;
}
