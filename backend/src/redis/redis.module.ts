import { BullModule } from '@nestjs/bullmq';
import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createProducerConnection, ENVIRONMENT, type Environment, untilConnected } from '@towing/platform';

/**
 * The API's Redis connection for producing work. Commands fail at once while Redis is
 * unreachable instead of piling up in memory: the outbox keeps what could not be published.
 */
export const REDIS_PRODUCER = Symbol('REDIS_PRODUCER');

/** How long the API waits at start for its Redis connection before answering without it. */
const READY_WAIT_MS = 3000;

@Global()
@Module({
  imports: [
    // Every queue the API adds to shares this connection: a publish fails at once while Redis is away.
    BullModule.forRootAsync({
      inject: [REDIS_PRODUCER, ENVIRONMENT],
      useFactory: (redis: Redis, environment: Environment) => ({ connection: redis, prefix: environment.redisPrefix }),
    }),
  ],
  providers: [
    {
      provide: REDIS_PRODUCER,
      inject: [ENVIRONMENT],
      useFactory: (environment: Environment) => createProducerConnection(environment.redisUrl),
    },
  ],
  exports: [REDIS_PRODUCER],
})
export class RedisModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(REDIS_PRODUCER) private readonly redis: Redis) {}

  /** The first requests find the connection up: a sign-in is not counted in the in-memory fallback and then given back to Redis. */
  async onApplicationBootstrap(): Promise<void> {
    await untilConnected(this.redis, READY_WAIT_MS);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
