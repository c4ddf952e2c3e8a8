import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module.js';
import { JobLookupController } from './job-lookup.controller.js';
import { JobLookupService } from './job-lookup.service.js';
import { JobPhotosController } from './job-photos.controller.js';
import { JobPhotosService } from './job-photos.service.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

@Module({
  imports: [StatsModule],
  controllers: [JobLookupController, JobsController, JobPhotosController],
  providers: [JobsService, JobLookupService, JobPhotosService],
  exports: [JobsService],
})
export class JobsModule {}
