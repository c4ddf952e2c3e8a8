import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ENVIRONMENT } from '../config/config.module.js';
import type { Environment } from '../config/environment.js';

/**
 * The API's Redis connection for producing work. Commands fail at once while Redis is
 * unreachable instead of piling up in memory: the outbox keeps what could not be published.
 */
export const REDIS_PRODUCER = Symbol('REDIS_PRODUCER');

export function createProducerConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS_PRODUCER,
      inject: [ENVIRONMENT],
      useFactory: (environment: Environment) => createProducerConnection(environment.redisUrl),
    },
  ],
  exports: [REDIS_PRODUCER],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_PRODUCER) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
