import { Body, Controller, HttpCode, Query, Req } from '@nestjs/common';
import type { PushAcknowledgeResponse, PushKeyResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { PushAcknowledgeDto, PushSubscriptionDto, PushSubscriptionQueryDto } from './dto/push-subscription.dto.js';
import { PUSH_ACCESS } from './push-access.js';
import { PushService } from './push.service.js';

/** A lock screen's taps come one at a time; a forger guessing tokens gets few tries. */
const ACKNOWLEDGE_LIMIT = { name: 'push-acknowledge', points: 30, windowSeconds: 60 };

@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Endpoint('GET /api/push/key')
  @Access(PUSH_ACCESS)
  async key(): Promise<PushKeyResponse> {
    return { publicKey: (await this.push.vapidKeys())?.publicKey ?? null };
  }

  @Endpoint('POST /api/push/subscriptions')
  @Access(PUSH_ACCESS)
  @HttpCode(204)
  subscribe(@Req() request: AuthenticatedRequest, @Body() subscription: PushSubscriptionDto): Promise<void> {
    return this.push.subscribe(request.user!.id, subscription);
  }

  @Endpoint('DELETE /api/push/subscriptions')
  @Access(PUSH_ACCESS)
  @HttpCode(204)
  unsubscribe(@Req() request: AuthenticatedRequest, @Query() query: PushSubscriptionQueryDto): Promise<void> {
    return this.push.unsubscribe(request.user!.id, query.endpoint);
  }

  @Endpoint('POST /api/push/acknowledge')
  @Access('public')
  @RateLimit(ACKNOWLEDGE_LIMIT)
  @HttpCode(200)
  acknowledge(@Body() body: PushAcknowledgeDto): Promise<PushAcknowledgeResponse> {
    return this.push.acknowledge(body.token);
  }
}
