import { Body, Controller } from '@nestjs/common';
import type { DriversAvailability, LiveStats } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { UpdateDriversDto } from './dto/update-drivers.dto.js';
import { StatsService } from './stats.service.js';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Endpoint('GET /api/stats/live')
  @Access('public')
  live(): Promise<LiveStats> {
    return this.stats.liveStats();
  }

  @Endpoint('GET /api/dispatch/drivers')
  @Access('public')
  drivers(): Promise<DriversAvailability> {
    return this.stats.drivers();
  }

  @Endpoint('PUT /api/dispatch/drivers')
  @Access('admin')
  setDrivers(@Body() dto: UpdateDriversDto): Promise<DriversAvailability> {
    return this.stats.setDrivers(dto.available);
  }
}
