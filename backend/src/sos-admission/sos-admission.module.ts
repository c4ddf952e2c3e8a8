import { Module } from '@nestjs/common';
import { StatsModule } from '../stats/stats.module.js';
import { HeldSosController } from './held-sos.controller.js';
import { HeldSosService } from './held-sos.service.js';
import { SosAdmissionService } from './sos-admission.service.js';

@Module({
  imports: [StatsModule],
  controllers: [HeldSosController],
  providers: [SosAdmissionService, HeldSosService],
  exports: [SosAdmissionService],
})
export class SosAdmissionModule {}
