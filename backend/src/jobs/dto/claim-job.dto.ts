import { IsString, Matches, MaxLength } from 'class-validator';
import { CLAIM_CODE_PATTERN, type ClaimJobRequest, type VerifyClaimCodeRequest } from '@towing/contracts';

export class ClaimJobDto implements ClaimJobRequest {
  @IsString({ message: 'Enter your job ID' }) @MaxLength(32, { message: 'Enter your job ID' }) jobId: string;
  @IsString({ message: 'Use the tracking link from our text message' }) @MaxLength(100) token: string;
}

export class VerifyClaimCodeDto implements VerifyClaimCodeRequest {
  @IsString({ message: 'Enter the 6-digit code from the text message' })
  @Matches(CLAIM_CODE_PATTERN, { message: 'Enter the 6-digit code from the text message' })
  code: string;
}
