import { Body, Controller, HttpCode, Req } from '@nestjs/common';
import type { FeedbackResponse } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { CreateFeedbackDto } from './dto/create-feedback.dto.js';
import { FeedbackService } from './feedback.service.js';

@Controller()
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Limited per address too, so guessing job ids and tokens here is as slow as in the lookups. */
  @Endpoint('POST /api/feedback')
  @Access('public')
  @HttpCode(201)
  @RateLimit({ name: 'feedback', points: 30, windowSeconds: 600 })
  async submit(@Body() dto: CreateFeedbackDto, @Req() request: AuthenticatedRequest): Promise<FeedbackResponse> {
    return { feedback: await this.feedback.submit(dto, request.user ?? null) };
  }
}
