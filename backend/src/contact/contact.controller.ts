import { Body, Controller } from '@nestjs/common';
import type { SubmissionResponse } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { ContactService } from './contact.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint('POST /api/contact')
  @Access('public')
  @RateLimit({ name: 'contact', points: 5, windowSeconds: 600 })
  submit(@Body() dto: CreateContactDto): Promise<SubmissionResponse> {
    return this.contact.submit(dto);
  }
}
