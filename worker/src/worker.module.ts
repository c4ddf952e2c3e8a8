import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@towing/backend/config/config.module';
import type { Environment } from '@towing/backend/config/environment';
import { DatabaseModule } from '@towing/backend/database/database.module';
import { ChannelsModule } from './channels/channels.module.js';
import { DomainEventsConsumer } from './events/domain-events.consumer.js';
import { HANDLERS } from './events/handlers.js';
import { JobMessageContext } from './notifications/job-message-context.js';
import { NotifierService } from './notifications/notifier.service.js';
import { RealtimeEmitter } from './realtime/realtime.emitter.js';
import { TemplatesService } from './templates/templates.service.js';

@Module({})
export class WorkerModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(environment), DatabaseModule.forRoot(environment.databaseUrl), ChannelsModule.forRoot(environment)],
      providers: [TemplatesService, RealtimeEmitter, NotifierService, JobMessageContext, ...Object.values(HANDLERS), DomainEventsConsumer],
    };
  }
}
