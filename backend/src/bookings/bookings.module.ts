import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';

@Module({
  imports: [JobsModule],
  controllers: [BookingsController],
  providers: [BookingsService],
})
export class BookingsModule {}
