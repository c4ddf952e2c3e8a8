import { Module } from '@nestjs/common';
import { JobMessagesController } from './job-messages.controller.js';
import { JobMessagesService } from './job-messages.service.js';

@Module({
  controllers: [JobMessagesController],
  providers: [JobMessagesService],
  exports: [JobMessagesService],
})
export class ConversationsModule {}
