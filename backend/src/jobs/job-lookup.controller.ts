import { BadRequestException, Controller, Get, Query, Req } from '@nestjs/common';
import type { CustomerJobsResponse, JobSearchResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { JobLookupService } from './job-lookup.service.js';

/**
 * Shared by every lookup route: generous for a customer re-reading their own job, far too few
 * to walk through phone numbers.
 */
const LOOKUP_LIMIT = { name: 'job-lookup', points: 30, windowSeconds: 60 };

function requireQuery(query: unknown, message: string): string {
  const text = typeof query === 'string' ? query.trim() : '';
  if (!text || text.length > 100) {
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, errors: [{ field: 'query', message }] });
  }
  return text;
}

@Controller()
export class JobLookupController {
  constructor(private readonly lookup: JobLookupService) {}

  @Get('jobs/search')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  search(@Query('query') query: unknown, @Query('token') token: unknown): Promise<JobSearchResponse> {
    return this.lookup.search(requireQuery(query, 'Enter Job ID or Name'), typeof token === 'string' ? token : undefined);
  }

  @Get('jobs/lookup')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  customerJobs(@Query('query') query: unknown): Promise<CustomerJobsResponse> {
    return this.lookup.customerJobs(requireQuery(query, 'Enter your phone number or job ID'));
  }

  @Get('me/jobs')
  @Access('signed-in')
  accountJobs(@Req() request: AuthenticatedRequest): Promise<CustomerJobsResponse> {
    // The access guard has resolved the session and refused anonymous callers.
    return this.lookup.accountJobs(request.user!);
  }
}
