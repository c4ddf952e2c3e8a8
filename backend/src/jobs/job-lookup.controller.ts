import { Controller, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { CustomerJobsResponse, JobProof, JobSearchResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { clientKey } from '../rate-limit/client-key.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { JobProofDto } from './dto/job-proof.dto.js';
import { JobLookupService } from './job-lookup.service.js';

/** Shared by every lookup route: generous for a customer re-reading their own job, far too few to walk through job ids. */
export const LOOKUP_LIMIT = { name: 'job-lookup', points: 30, windowSeconds: 60 };

@Controller()
export class JobLookupController {
  constructor(private readonly lookup: JobLookupService) {}

  @Endpoint('GET /api/jobs/search')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  search(@Query() proof: JobProofDto, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response): Promise<JobSearchResponse> {
    return this.lookup.search(proof satisfies JobProof, { user: request.user ?? null, client: clientKey(request.ip), response });
  }

  @Endpoint('GET /api/jobs/lookup')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  customerJobs(@Query() proof: JobProofDto, @Req() request: AuthenticatedRequest, @Res({ passthrough: true }) response: Response): Promise<CustomerJobsResponse> {
    return this.lookup.customerJobs(proof, { user: request.user ?? null, client: clientKey(request.ip), response });
  }

  /** A visitor gets `customer: null`, an ordinary answer: the dashboard then offers the lookup. */
  @Endpoint('GET /api/me/jobs')
  @Access('public')
  accountJobs(@Req() request: AuthenticatedRequest): Promise<CustomerJobsResponse> {
    return this.lookup.accountJobs(request.user ?? null);
  }
}
