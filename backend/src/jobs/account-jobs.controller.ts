import { Body, Controller, HttpCode, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ClaimCodeSent, CustomerJobsResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { AccountJobsService } from './account-jobs.service.js';
import { ClaimJobDto, VerifyClaimCodeDto } from './dto/claim-job.dto.js';

/** A signed-in customer adds a job to their account by proving it is theirs. */
@Controller()
@Access('signed-in')
export class AccountJobsController {
  constructor(private readonly accountJobs: AccountJobsService) {}

  @Endpoint('POST /api/me/jobs/claim')
  @HttpCode(200)
  claim(@Req() request: AuthenticatedRequest, @Body() dto: ClaimJobDto): Promise<CustomerJobsResponse> {
    return this.accountJobs.claimWithToken(request.user!, dto.jobId, dto.token);
  }

  @Endpoint('POST /api/me/jobs/:id/code')
  @HttpCode(202)
  sendCode(@Req() request: AuthenticatedRequest, @Param('id') jobId: string, @Res({ passthrough: true }) response: Response): Promise<ClaimCodeSent> {
    return this.accountJobs.sendCode(request.user!, jobId, response);
  }

  @Endpoint('POST /api/me/jobs/:id/verify')
  @HttpCode(200)
  verify(@Req() request: AuthenticatedRequest, @Param('id') jobId: string, @Body() dto: VerifyClaimCodeDto): Promise<CustomerJobsResponse> {
    return this.accountJobs.verifyCode(request.user!, jobId, dto.code);
  }
}
