import { Module } from '@nestjs/common';
import { QUEUES } from '@towing/contracts';
import { registerQueues } from '@towing/platform';
import { JobsModule } from '../jobs/jobs.module.js';
import { EscalationService } from './escalation.service.js';
import { EscalationTrailController, VoiceController } from './voice.controller.js';

@Module({
  imports: [JobsModule, registerQueues(QUEUES.sosEscalation)],
  controllers: [VoiceController, EscalationTrailController],
  providers: [EscalationService],
  exports: [EscalationService],
})
export class EscalationModule {}
