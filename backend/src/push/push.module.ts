import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { PushController } from './push.controller.js';
import { PushService } from './push.service.js';

/** Web Push for staff devices: subscriptions and the notification's Acknowledge action. */
@Module({
  imports: [JobsModule],
  controllers: [PushController],
  providers: [PushService],
})
export class PushModule {}
