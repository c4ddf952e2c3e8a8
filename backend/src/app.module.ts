import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthModule } from './auth/auth.module.js';
import { ApiExceptionFilter } from './common/api-exception.filter.js';
import { ConfigModule } from './config/config.module.js';
import type { Environment } from './config/environment.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthController } from './health/health.controller.js';
import { JobsModule } from './jobs/jobs.module.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { RedisModule } from './redis/redis.module.js';
import { StatsModule } from './stats/stats.module.js';

@Module({})
export class AppModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(environment),
        DatabaseModule.forRoot(environment.databaseUrl),
        RedisModule,
        RateLimitModule,
        OutboxModule,
        AuthModule,
        RealtimeModule,
        StatsModule,
        JobsModule,
      ],
      controllers: [HealthController, NotificationsController],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
