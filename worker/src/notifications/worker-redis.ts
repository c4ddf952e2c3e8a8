import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createProducerConnection, ENVIRONMENT, type Environment, type RedisScript, redisScript, untilConnected } from '@towing/platform';

/** How long the worker waits at start for this connection before consuming without it. */
const READY_WAIT_MS = 3000;

/** The worker's connection for counters: the SMS and email budgets, the SOS alert windows. */
@Injectable()
export class WorkerRedis implements OnModuleInit, OnApplicationShutdown {
  readonly connection: Redis;

  constructor(@Inject(ENVIRONMENT) readonly environment: Environment) {
    this.connection = createProducerConnection(environment.redisUrl);
    // Failures surface on the command that needed Redis; the event is then retried.
    this.connection.on('error', () => undefined);
  }

  /** Before the consumers start (onApplicationBootstrap): the first SOS's SMS budget check finds Redis up instead of failing into a retry. */
  async onModuleInit(): Promise<void> {
    await untilConnected(this.connection, READY_WAIT_MS);
  }

  key(name: string): string {
    return `${this.environment.redisPrefix}:${name}`;
  }

  /** A Lua script on this connection, run by its SHA (platform's redisScript). */
  script(name: string, numberOfKeys: number | undefined, lua: string): RedisScript<unknown> {
    return redisScript(this.connection, name, numberOfKeys, lua);
  }

  onApplicationShutdown(): void {
    this.connection.disconnect();
  }
}
