import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { type DomainEventEnvelope, QUEUES } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

/** How long a publish may take before the relay gives up and leaves the row to the sweep. */
const PUBLISH_TIMEOUT_MS = 1000;

/** Producer side of the `domain-events` queue. The outbox id is the job id. */
@Injectable()
export class DomainEventsQueue implements OnApplicationShutdown {
  private readonly queue: Queue<DomainEventEnvelope>;

  constructor(@Inject(REDIS_PRODUCER) redis: Redis, @Inject(ENVIRONMENT) environment: Environment) {
    this.queue = new Queue(QUEUES.domainEvents, {
      connection: redis,
      prefix: environment.redisPrefix,
      defaultJobOptions: {
        attempts: 12,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600, count: 10000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
    // Connection errors are reported by the relay when a publish fails; nothing to do here.
    this.queue.on('error', () => undefined);
  }

  async publish(events: DomainEventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    const jobs = events.map((event) => ({ name: event.name, data: event, opts: { jobId: event.id } }));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`publishing timed out after ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.addBulk(jobs), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
