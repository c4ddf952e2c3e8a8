import { Module } from '@nestjs/common';
import { EscalationModule } from '../escalation/escalation.module.js';
import { SmsStatusController } from './sms-status.controller.js';
import { SmsStatusService } from './sms-status.service.js';

@Module({
  imports: [EscalationModule],
  controllers: [SmsStatusController],
  providers: [SmsStatusService],
})
export class SmsStatusModule {}
