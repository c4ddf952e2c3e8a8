import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Access } from '../common/access.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

type Probe = 'up' | 'down';

export interface Health {
  status: 'ok' | 'degraded';
  db: Probe;
  redis: Probe;
}

@Controller('health')
@Access('public')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
  ) {}

  @Get()
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

async function probe(check: () => Promise<unknown>): Promise<Probe> {
  try {
    await check();
    return 'up';
  } catch {
    return 'down';
  }
}
