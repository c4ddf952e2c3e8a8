import { Controller, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { Health, Liveness, ServiceProbe } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

@Controller()
@Access('public')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
  ) {}

  /**
   * Liveness, for container health checks and load balancers: only that this process serves
   * HTTP. With PostgreSQL or Redis away the instance still serves the app (and /sos) and answers
   * 503 + Retry-After itself; taking it out of rotation for that would turn every answer into a
   * proxy's bare 502.
   */
  @Endpoint('GET /api/health/live')
  live(): Liveness {
    return { status: 'ok' };
  }

  /** Readiness: 200 when PostgreSQL and Redis both answer, 503 when either does not. */
  @Endpoint('GET /api/health')
  async check(@Res({ passthrough: true }) response: Response): Promise<Health> {
    const [db, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    const status = db === 'up' && redis === 'up' ? 'ok' : 'degraded';
    response.status(status === 'ok' ? 200 : 503);
    return { status, db, redis };
  }
}

async function probe(check: () => Promise<unknown>): Promise<ServiceProbe> {
  try {
    await check();
    return 'up';
  } catch {
    return 'down';
  }
}
