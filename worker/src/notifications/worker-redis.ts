import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createProducerConnection, ENVIRONMENT, type Environment } from '@towing/platform';

/** The worker's connection for counters and delayed jobs (SMS budgets, SOS alert windows). */
@Injectable()
export class WorkerRedis implements OnApplicationShutdown {
  readonly connection: Redis;

  constructor(@Inject(ENVIRONMENT) readonly environment: Environment) {
    this.connection = createProducerConnection(environment.redisUrl);
    // Failures surface on the command that needed Redis; the event is then retried.
    this.connection.on('error', () => undefined);
  }

  key(name: string): string {
    return `${this.environment.redisPrefix}:${name}`;
  }

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}
