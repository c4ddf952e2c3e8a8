import { Controller, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { ConfigModule, loadEnvironment } from '@towing/platform';
import type { Redis } from 'ioredis';
import { REDIS_PRODUCER, RedisModule } from '../redis/redis.module.js';
import { RateLimit } from './rate-limit.js';
import { RateLimitModule } from './rate-limit.module.js';

@Controller()
class ProbeController {
  @Post('limited')
  @RateLimit({ name: 'probe', points: 3, windowSeconds: 60 })
  limited() {
    return { ok: true };
  }

  @Post('open')
  open() {
    return { ok: true };
  }
}

describe('RateLimit', () => {
  let app: NestExpressApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const environment = loadEnvironment({ REDIS_PREFIX: `test-rate-${Date.now()}` });
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(environment), RedisModule, RateLimitModule],
      controllers: [ProbeController],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    // Until the connection is up the in-memory fallback counts; the test is about Redis.
    const redis = app.get<Redis>(REDIS_PRODUCER);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets an address make the allowed number of calls, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i += 1) {
      last = await fetch(`${baseUrl}/limited`, { method: 'POST' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });

  it('leaves routes without a policy alone', async () => {
    const statuses = await Promise.all([1, 2, 3, 4, 5].map(async () => (await fetch(`${baseUrl}/open`, { method: 'POST' })).status));
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
  });
});
