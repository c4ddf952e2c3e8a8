import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

@Module({
  imports: [StatsModule],
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule {}
