import { Body, Controller, HttpCode, Param, Req } from '@nestjs/common';
import type { HeldSosJobs, HeldSosSource, SettleHeldSosResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { SourceParamPipe } from './source-param.pipe.js';
import { SettleHeldSosDto } from './dto/settle-held-sos.dto.js';
import { HeldSosService } from './held-sos.service.js';

/** The board's held SOS: one line per source, opened, released or discarded by a dispatcher. */
@Controller()
@Access('admin')
export class HeldSosController {
  constructor(private readonly held: HeldSosService) {}

  @Endpoint('GET /api/sos-holds')
  sources(): Promise<HeldSosSource[]> {
    return this.held.sources();
  }

  @Endpoint('GET /api/sos-holds/:source')
  jobs(@Param('source', SourceParamPipe) source: string): Promise<HeldSosJobs> {
    return this.held.jobs(source);
  }

  @Endpoint('POST /api/sos-holds/:source/release')
  @HttpCode(200)
  async release(@Req() request: AuthenticatedRequest, @Param('source', SourceParamPipe) source: string, @Body() dto: SettleHeldSosDto): Promise<SettleHeldSosResponse> {
    return { settled: await this.held.release(source, dto, request.user!.username) };
  }

  @Endpoint('POST /api/sos-holds/:source/discard')
  @HttpCode(200)
  async discard(@Req() request: AuthenticatedRequest, @Param('source', SourceParamPipe) source: string, @Body() dto: SettleHeldSosDto): Promise<SettleHeldSosResponse> {
    return { settled: await this.held.discard(source, dto, request.user!.username) };
  }
}
