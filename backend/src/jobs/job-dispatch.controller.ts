import { Body, Controller, HttpCode, Inject, Param, Query, Req } from '@nestjs/common';
import type { JobHistoryEntry, JobResponse, JobTimeline } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { UpdateJobDetailsDto } from './dto/update-job-details.dto.js';
import { JobDispatchService } from './job-dispatch.service.js';
import { LOOKUP_LIMIT } from './job-lookup.controller.js';
import { isJobWatchKey } from './job-watch-key.js';
import { jobNotFound } from './jobs.service.js';

/** The admin routes guarantee a signed-in staff member; their username is what the history shows. */
const staffName = (request: AuthenticatedRequest) => request.user!.username;

@Controller()
export class JobDispatchController {
  constructor(
    private readonly dispatch: JobDispatchService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  @Endpoint('POST /api/jobs/:id/acknowledge')
  @Access('admin')
  @HttpCode(200)
  async acknowledge(@Req() request: AuthenticatedRequest, @Param('id') id: string): Promise<JobResponse> {
    return { job: await this.dispatch.acknowledge(id, staffName(request)) };
  }

  @Endpoint('PATCH /api/jobs/:id/details')
  @Access('admin')
  async updateDetails(@Req() request: AuthenticatedRequest, @Param('id') id: string, @Body() dto: UpdateJobDetailsDto): Promise<JobResponse> {
    return { job: await this.dispatch.updateDetails(id, staffName(request), dto) };
  }

  @Endpoint('GET /api/jobs/:id/history')
  @Access('admin')
  history(@Param('id') id: string): Promise<JobHistoryEntry[]> {
    return this.dispatch.history(id);
  }

  /**
   * For whoever proved the job in a lookup: its watch key is the proof, checked without reading
   * the database; a wrong key and an unknown job answer the same 404.
   */
  @Endpoint('GET /api/jobs/:id/timeline')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  timeline(@Param('id') id: string, @Query('key') key: unknown): Promise<JobTimeline> {
    if (!isJobWatchKey(this.environment.sessionSecret, id, key)) throw jobNotFound(id);
    return this.dispatch.timeline(id);
  }
}
