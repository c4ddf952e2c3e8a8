import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { SosAdmissionModule } from '../sos-admission/sos-admission.module.js';
import { SmsInboundController } from './sms-inbound.controller.js';
import { SmsInboundService } from './sms-inbound.service.js';

@Module({
  imports: [JobsModule, SosAdmissionModule, ConversationsModule],
  controllers: [SmsInboundController],
  providers: [SmsInboundService],
})
export class SmsInboundModule {}
