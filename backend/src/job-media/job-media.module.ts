import { Module } from '@nestjs/common';
import { JobMediaController } from './job-media.controller.js';
import { JobMediaService } from './job-media.service.js';

@Module({
  controllers: [JobMediaController],
  providers: [JobMediaService],
})
export class JobMediaModule {}
