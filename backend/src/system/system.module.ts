import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { AllQueues, QueueBoard } from './queue-board.js';
import { SystemController } from './system.controller.js';

/** What lets operators see the API: /metrics, Bull Board at /admin/queues, the System tile's endpoint. */
@Module({
  imports: [AuthModule],
  controllers: [SystemController],
  providers: [ApiMetrics, AllQueues, QueueBoard],
  exports: [ApiMetrics, QueueBoard],
})
export class SystemModule {}
