import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { FeedbackResponse } from '@towing/contracts';
import { Access } from '../common/access.js';
import { CreateFeedbackDto } from './dto/create-feedback.dto.js';
import { FeedbackService } from './feedback.service.js';

@Controller('feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Not rate-limited: each completed job takes one rating, so there is nothing to flood. */
  @Post()
  @Access('public')
  @HttpCode(201)
  async submit(@Body() dto: CreateFeedbackDto): Promise<FeedbackResponse> {
    return { feedback: await this.feedback.submit(dto) };
  }
}
