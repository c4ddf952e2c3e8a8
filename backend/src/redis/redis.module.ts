import { once } from 'node:events';
import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createProducerConnection, ENVIRONMENT, type Environment } from '@towing/platform';

/**
 * The API's Redis connection for producing work. Commands fail at once while Redis is
 * unreachable instead of piling up in memory: the outbox keeps what could not be published.
 */
export const REDIS_PRODUCER = Symbol('REDIS_PRODUCER');

/** How long the API waits at start for its Redis connection before answering without it. */
const READY_WAIT_MS = 3000;

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
export class RedisModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(REDIS_PRODUCER) private readonly redis: Redis) {}

  /**
   * The first requests find the connection up: a command sent before it is would fail at once,
   * and e.g. a sign-in counted in the in-memory fallback would then be given back to Redis.
   * A Redis that is away does not hold the API back for longer than the wait.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await once(this.redis, 'ready', { signal: AbortSignal.timeout(READY_WAIT_MS) }).catch(() => undefined);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
