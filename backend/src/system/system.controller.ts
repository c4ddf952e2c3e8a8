import { Controller, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { SystemService, SystemStatus } from '@towing/contracts';
import { resolveVapidKeys } from '@towing/db';
import { ENVIRONMENT, type Environment, workerHeartbeatKey } from '@towing/platform';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import { AllQueues } from './queue-board.js';

const HOUR_MS = 60 * 60 * 1000;
/** Failed jobs looked at per queue; a queue with more in the hour has bigger problems than a count. */
const FAILED_LOOKED_AT = 1000;

function service(name: SystemService['name'], configured: boolean, yes: string, no: string): SystemService {
  return { name, configured, status: configured ? yes : no };
}

/** The services the business depends on, configured or not, in words. */
export function servicesOf(environment: Environment, push: boolean): SystemService[] {
  return [
    service('SMS', environment.twilio !== undefined, 'Configured (Twilio)', 'Not configured: texts are recorded, not sent'),
    service('Email', environment.smtpUrl !== undefined, 'Configured (SMTP)', 'Not configured: emails are recorded, not sent'),
    service('Card payments', environment.stripe !== undefined, 'Configured (Stripe)', 'Not configured: card payments are turned off'),
    service('Push', push, 'Configured (VAPID keys)', 'Not configured: no push notifications'),
  ];
}

@Controller()
@Access('admin')
export class SystemController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly all: AllQueues,
  ) {}

  @Endpoint('GET /api/system')
  async status(): Promise<SystemStatus> {
    const [heartbeat, outbox, failed, vapid] = await Promise.all([
      this.redis.get(workerHeartbeatKey(this.environment.redisPrefix)),
      this.dataSource.query<Array<{ oldest: number | null }>>(
        'SELECT extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM outbox WHERE published_at IS NULL',
      ),
      this.failedInTheLastHour(),
      resolveVapidKeys(this.environment, this.dataSource),
    ]);
    return {
      workerHeartbeatAgeSeconds: heartbeat === null ? null : Math.max(0, Math.round((Date.now() - Number(heartbeat)) / 1000)),
      oldestOutboxAgeSeconds: outbox[0]?.oldest == null ? null : Math.round(outbox[0].oldest),
      failedJobsLastHour: failed,
      services: servicesOf(this.environment, vapid !== undefined),
    };
  }

  private async failedInTheLastHour(): Promise<number> {
    const since = Date.now() - HOUR_MS;
    const counts = await Promise.all(
      this.all.queues.map(async (queue) => (await queue.getFailed(0, FAILED_LOOKED_AT - 1)).filter((job) => (job.finishedOn ?? 0) >= since).length),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }
}
