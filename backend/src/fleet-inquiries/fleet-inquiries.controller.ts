import { Body, Controller } from '@nestjs/common';
import type { SubmissionResponse } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { CreateFleetInquiryDto } from './dto/create-fleet-inquiry.dto.js';
import { FleetInquiriesService } from './fleet-inquiries.service.js';

/** Fleet inquiries: the proposal form of the Fleet Contracts page, at the path the spec gives it. */
@Controller()
export class FleetInquiriesController {
  constructor(private readonly fleetInquiries: FleetInquiriesService) {}

  @Endpoint('POST /api/fleet-contracts')
  @Access('public')
  @RateLimit({ name: 'fleet-inquiries', points: 5, windowSeconds: 600 })
  submit(@Body() dto: CreateFleetInquiryDto): Promise<SubmissionResponse> {
    return this.fleetInquiries.submit(dto);
  }
}
