import { IsString, MaxLength, MinLength } from 'class-validator';
import type { JobProof } from '@towing/contracts';
import { Optional } from '../../common/dto-rules.js';

/** A job id and a visitor's proof; the lookup checks their form and answers alike for unknown and unproven. */
export class JobProofDto implements JobProof {
  @IsString({ message: 'Enter your job ID, e.g. JOB-2025-123' })
  @MinLength(1, { message: 'Enter your job ID, e.g. JOB-2025-123' })
  @MaxLength(100, { message: 'Enter your job ID, e.g. JOB-2025-123' })
  query: string;

  @Optional() @IsString() @MaxLength(10) last4?: string;
  @Optional() @IsString() @MaxLength(100) token?: string;
}
