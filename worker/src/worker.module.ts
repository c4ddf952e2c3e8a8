import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import { QUEUES } from '@towing/contracts';
import { ConfigModule, consumerConnectionOptions, type Environment, registerQueues, SocketEmitter } from '@towing/platform';
import { DatabaseModule } from '@towing/db/database.module';
import { BILLING_PROVIDERS } from './billing/billing.providers.js';
import { NightlyBackup } from './backups/nightly-backup.js';
import { ChannelsModule } from './channels/channels.module.js';
import { PUSH_PROVIDERS } from './channels/push/push.providers.js';
import { DomainEventsConsumer } from './events/domain-events.consumer.js';
import { HANDLERS } from './events/handlers.js';
import { ESCALATION_PROVIDERS } from './escalation/escalation.providers.js';
import { ServiceDueDailyCheck } from './fleet/service-due-daily-check.js';
import { EmailPolicy } from './notifications/email-policy.js';
import { EventRecords } from './notifications/event-records.js';
import { JobMessageContext } from './notifications/job-message-context.js';
import { NotifierService } from './notifications/notifier.service.js';
import { SmsPolicy } from './notifications/sms-policy.js';
import { SosAlertThrottle } from './notifications/sos-alert-throttle.js';
import { WorkerRedis } from './notifications/worker-redis.js';
import { TemplatesService } from './templates/templates.service.js';
import { OBSERVABILITY_PROVIDERS } from './metrics/observability.providers.js';
import { InvoiceAnonymisation } from './privacy/invoice-anonymisation.js';
import { RetentionPurge } from './retention/retention-purge.js';

@Module({})
export class WorkerModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(environment),
        DatabaseModule.forRoot(environment.databaseUrl),
        ChannelsModule.forRoot(environment),
        // Every queue's consumer and the worker's own producers: BullMQ opens (and closes) their connections, each waiting for Redis as long as it takes.
        BullModule.forRoot({ connection: consumerConnectionOptions(environment.redisUrl), prefix: environment.redisPrefix }),
        registerQueues(QUEUES.sosAlertSummaries, QUEUES.fleetChecks, QUEUES.dbBackups, QUEUES.sosEscalation, QUEUES.invoiceRetention, QUEUES.dataRetention),
      ],
      providers: [TemplatesService, SocketEmitter, WorkerRedis, SmsPolicy, EmailPolicy, NotifierService, SosAlertThrottle, EventRecords, JobMessageContext, ...BILLING_PROVIDERS, ...Object.values(HANDLERS), DomainEventsConsumer, ServiceDueDailyCheck, NightlyBackup, ...ESCALATION_PROVIDERS, ...OBSERVABILITY_PROVIDERS, InvoiceAnonymisation, ...PUSH_PROVIDERS, RetentionPurge],
    };
  }
}
