import { Body, Controller, HttpCode, Param, Req } from '@nestjs/common';
import type { JobMessage } from '@towing/contracts';
import type { AuthenticatedRequest } from '../auth/access.guard.js';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { SendJobMessageDto } from './dto/send-job-message.dto.js';
import { JobMessagesService } from './job-messages.service.js';

@Controller()
export class JobMessagesController {
  constructor(private readonly messages: JobMessagesService) {}

  @Endpoint('GET /api/jobs/:id/messages')
  @Access('admin')
  list(@Param('id') id: string): Promise<JobMessage[]> {
    return this.messages.list(id);
  }

  @Endpoint('POST /api/jobs/:id/messages')
  @Access('admin')
  @HttpCode(201)
  send(@Req() request: AuthenticatedRequest, @Param('id') id: string, @Body() dto: SendJobMessageDto): Promise<JobMessage> {
    return this.messages.send(id, request.user!.username, dto.body);
  }
}
