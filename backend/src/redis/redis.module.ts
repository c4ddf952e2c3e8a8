import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createProducerConnection, ENVIRONMENT, type Environment } from '@towing/platform';

/**
 * The API's Redis connection for producing work. Commands fail at once while Redis is
 * unreachable instead of piling up in memory: the outbox keeps what could not be published.
 */
export const REDIS_PRODUCER = Symbol('REDIS_PRODUCER');

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
