import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { JobEntity } from '@towing/db';
import { RedisProcess, TestClient } from '@towing/testkit';
import { useApi } from '../testing/use-api.js';

/** The admission counts live in a Redis of this file's own, which the test stops. */
describe('SOS admission while Redis is away', () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await RedisProcess.start();
  });
  const api = useApi(() => ({ REDIS_URL: redis.url, SOS_SOURCE_HOURLY_ALLOWANCE: '1' }));
  afterAll(async () => {
    // Up again first: stopping a server that is already down would wait for an exit that has passed.
    await redis?.start();
    await redis?.remove();
  });

  it('stores every SOS and holds none of them: without the counts nothing says a caller is a flood', async () => {
    const client = new TestClient(api.baseUrl, { localAddress: '127.0.0.2' });
    const sos = async (phone: string) => {
      const response = await client.post('/api/sos', { phone }, { 'Idempotency-Key': randomUUID() });
      expect(response.status).toBe(201);
      return response.body.job as Job;
    };
    // With Redis up the allowance of one phone an hour holds the second.
    expect((await sos('0412 900 001')).heldAt).toBeNull();
    expect((await sos('0412 900 002')).heldAt).not.toBeNull();

    await redis.stop();
    const during = await Promise.all(['0412 900 003', '0412 900 004', '0412 900 005'].map(sos));
    expect(during.map((job) => job.heldAt)).toEqual([null, null, null]);
    const stored = await api.dataSource.getRepository(JobEntity).findBy(during.map(({ id }) => ({ id })));
    expect(stored.map((job) => job.heldAt)).toEqual([null, null, null]);
    await redis.start();
  });
});
