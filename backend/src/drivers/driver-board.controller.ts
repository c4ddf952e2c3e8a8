import { Body, Controller, Headers, HttpCode, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { DriverBoard, DriverTapResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { fieldError } from '../common/errors.js';
import { idempotencyOf } from '../jobs/idempotency-key.js';
import { DriverBoardService } from './driver-board.service.js';
import { DriverTapsService, driverName } from './driver-taps.service.js';
import { DriverTapDto } from './dto/driver-tap.dto.js';

/** /driver's own routes: people who drive, and nobody else (the guard's 'driver' access). */
@Controller()
@Access('driver')
export class DriverBoardController {
  constructor(
    private readonly board: DriverBoardService,
    private readonly taps: DriverTapsService,
  ) {}

  @Endpoint('GET /api/driver/board')
  read(@Req() request: AuthenticatedRequest): Promise<DriverBoard> {
    return this.board.board(driverName(request.user!));
  }

  /** A tap needs its Idempotency-Key: the phone resends until it hears back, and only the key makes that safe. */
  @Endpoint('POST /api/driver/jobs/:id/taps')
  @HttpCode(200)
  async tap(
    @Req() request: AuthenticatedRequest,
    @Param('id') id: string,
    @Body() dto: DriverTapDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DriverTapResponse> {
    const idempotency = idempotencyOf(idempotencyKey, `POST /api/driver/jobs/${id.toUpperCase()}/taps`, request.body);
    if (!idempotency) throw fieldError(400, 'Idempotency-Key', 'A tap needs an Idempotency-Key');
    const { replayed, ...answer } = await this.taps.tap(request.user!, id, dto, idempotency);
    if (replayed) response.setHeader('Idempotent-Replayed', 'true');
    return answer;
  }
}
