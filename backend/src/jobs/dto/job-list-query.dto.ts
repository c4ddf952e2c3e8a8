import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsString, Max, MaxLength, Min } from 'class-validator';
import { JOB_LIST_MAX_PAGE, JOB_STATUSES, type JobListQuery, type JobStatus } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

export class JobListQueryDto implements JobListQuery {
  @Optional() @IsString() @MaxLength(100) search?: string;
  @Optional() @IsIn(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(', ')}` }) status?: JobStatus;
  @Optional() @IsISO8601({ strict: true }, { message: 'before must be an ISO 8601 time' }) before?: string;
  @Optional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt({ message: `limit must be a whole number from 1 to ${JOB_LIST_MAX_PAGE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${JOB_LIST_MAX_PAGE}` })
  @Max(JOB_LIST_MAX_PAGE, { message: `limit must be a whole number from 1 to ${JOB_LIST_MAX_PAGE}` })
  limit?: number;
}
