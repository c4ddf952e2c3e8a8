import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ConfigModule, type Environment } from '@towing/platform';
import { DatabaseModule } from '@towing/db/database.module';
import { AuthModule } from './auth/auth.module.js';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { BookingsModule } from './bookings/bookings.module.js';
import { ApiExceptionFilter } from './common/api-exception.filter.js';
import { ContactModule } from './contact/contact.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { FleetInquiriesModule } from './fleet-inquiries/fleet-inquiries.module.js';
import { FleetModule } from './fleet/fleet.module.js';
import { HealthController } from './health/health.controller.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { AccountingModule } from './accounting/accounting.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { SmsInboundModule } from './sms-inbound/sms-inbound.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { EmailsController } from './notifications/emails.controller.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PushModule } from './push/push.module.js';
import { QuotesModule } from './quotes/quotes.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SmsStatusModule } from './sms-status/sms-status.module.js';
import { StatsModule } from './stats/stats.module.js';
import { TestimonialsModule } from './testimonials/testimonials.module.js';
import { SystemModule } from './system/system.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { PositionsModule } from './positions/positions.module.js';
import { JobMediaModule } from './job-media/job-media.module.js';
import { DriversModule } from './drivers/drivers.module.js';

@Module({})
export class AppModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(environment),
        DatabaseModule.forRoot(environment.databaseUrl, { size: environment.database.poolSize, waitMs: environment.database.poolWaitMs }),
        RedisModule,
        RateLimitModule,
        OutboxModule,
        AuthModule,
        RealtimeModule,
        StatsModule,
        JobsModule,
        SmsInboundModule,
        ConversationsModule,
        BookingsModule,
        AnnouncementsModule,
        ContactModule,
        TestimonialsModule,
        FleetInquiriesModule,
        FeedbackModule,
        FleetModule,
        QuotesModule,
        InvoicesModule,
        PaymentsModule,
        AccountingModule,
        PositionsModule,
        JobMediaModule,
        DriversModule,
        SmsStatusModule,
        SystemModule,
        PrivacyModule,
        PushModule,
      ],
      controllers: [HealthController, NotificationsController, EmailsController],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
