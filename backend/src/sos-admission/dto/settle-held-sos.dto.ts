import { ArrayMaxSize, IsArray, IsString, Matches } from 'class-validator';
import { JOB_LIST_MAX_PAGE, type SettleHeldSosRequest } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';
import { JOB_ID } from '../../jobs/job-number.js';

export class SettleHeldSosDto implements SettleHeldSosRequest {
  @Optional()
  @IsArray()
  @ArrayMaxSize(JOB_LIST_MAX_PAGE)
  @IsString({ each: true })
  @Matches(JOB_ID, { each: true, message: 'each of jobIds must be a job id such as JOB-2026-12' })
  jobIds?: string[];
}
