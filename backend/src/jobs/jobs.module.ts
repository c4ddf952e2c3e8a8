import { Module } from '@nestjs/common';
import { SosAdmissionModule } from '../sos-admission/sos-admission.module.js';
import { StatsModule } from '../stats/stats.module.js';
import { JobDispatchController } from './job-dispatch.controller.js';
import { JobDispatchService } from './job-dispatch.service.js';
import { AccountJobsController } from './account-jobs.controller.js';
import { AccountJobsService } from './account-jobs.service.js';
import { JobLookupController } from './job-lookup.controller.js';
import { JobLookupService } from './job-lookup.service.js';
import { JobPhotosController } from './job-photos.controller.js';
import { JobPhotosService } from './job-photos.service.js';
import { JobsController } from './jobs.controller.js';
import { JobsService } from './jobs.service.js';

@Module({
  imports: [StatsModule, SosAdmissionModule],
  controllers: [JobLookupController, JobsController, JobPhotosController, JobDispatchController, AccountJobsController],
  providers: [JobsService, JobLookupService, JobPhotosService, JobDispatchService, AccountJobsService],
  exports: [JobsService, AccountJobsService, JobLookupService, JobDispatchService],
})
export class JobsModule {}
