import { Body, Controller } from '@nestjs/common';
import type { SubmissionResponse } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { CreateFleetInquiryDto } from './dto/create-fleet-inquiry.dto.js';
import { FleetContractsService } from './fleet-contracts.service.js';

@Controller()
export class FleetContractsController {
  constructor(private readonly fleetContracts: FleetContractsService) {}

  @Endpoint('POST /api/fleet-contracts')
  @Access('public')
  @RateLimit({ name: 'fleet-contracts', points: 5, windowSeconds: 600 })
  submit(@Body() dto: CreateFleetInquiryDto): Promise<SubmissionResponse> {
    return this.fleetContracts.submit(dto);
  }
}
