import { Body, Controller, HttpCode, Inject, Param, Query, Req } from '@nestjs/common';
import type { BoardTruck, PositionBatchResponse, TruckPositionResponse } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { LOOKUP_LIMIT } from '../jobs/job-lookup.controller.js';
import { isJobWatchKey } from '../jobs/job-watch-key.js';
import { jobNotFound } from '../jobs/jobs.service.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { PositionBatchDto } from './dto/position-batch.dto.js';
import { PositionsService } from './positions.service.js';

@Controller()
export class PositionsController {
  constructor(
    private readonly positions: PositionsService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** The driver's phone on the job: drivers and admins. */
  @Endpoint('POST /api/jobs/:id/positions')
  @Access('staff')
  @HttpCode(200)
  record(@Req() request: AuthenticatedRequest, @Param('id') id: string, @Body() dto: PositionBatchDto): Promise<PositionBatchResponse> {
    return this.positions.record(id, request.user!, dto.fixes);
  }

  /**
   * For whoever proved the job in a lookup, as its timeline: the watch key is the proof, and a
   * wrong key and an unknown job answer the same 404. A person's truck goes to nobody else.
   */
  @Endpoint('GET /api/jobs/:id/position')
  @Access('public')
  @RateLimit(LOOKUP_LIMIT)
  async position(@Param('id') id: string, @Query('key') key: unknown): Promise<TruckPositionResponse> {
    if (!isJobWatchKey(this.environment.sessionSecret, id, key)) throw jobNotFound(id);
    return { position: await this.positions.forTrackingPage(id) };
  }

  @Endpoint('GET /api/trucks')
  @Access('admin')
  trucks(): Promise<BoardTruck[]> {
    return this.positions.trucks();
  }
}
