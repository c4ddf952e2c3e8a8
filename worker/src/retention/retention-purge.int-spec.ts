import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import { type Job, QUEUES } from '@towing/contracts';
import { JobPhotoEntity, JobPositionEntity, JobUpdateEntity } from '@towing/db';
import { eventually, leaseSharedStack, type SystemLease, type TestClient } from '@towing/testkit';
import { RETENTION_JOB } from './retention-purge.js';

const DAY_MS = 24 * 3600_000;

describe('the nightly purge of photos and truck positions', () => {
  let stack: SystemLease;
  let admin: TestClient;
  let queue: Queue;
  let photo: Buffer;

  beforeAll(async () => {
    // The defaults: photos 90 days after the job closes, positions 30.
    stack = await leaseSharedStack('system', { worker: true });
    admin = await stack.api.adminClient();
    queue = new Queue(QUEUES.dataRetention, { connection: { url: stack.variables.REDIS_URL! }, prefix: stack.variables.REDIS_PREFIX });
    photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#b45309' } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await queue?.close();
    await stack?.release();
  });

  /** An SOS with its photo and two truck positions, left in `status`; when it closed is back-dated `closedDaysAgo`. */
  async function jobWithMedia(phone: string, status: 'Completed' | 'Cancelled' | 'En Route', closedDaysAgo: number): Promise<Job> {
    const key = randomUUID();
    const job = (await stack.api.client().post('/api/sos', { phone }, { 'Idempotency-Key': key })).body.job as Job;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'scene');
    expect((await fetch(`${stack.api.baseUrl}/api/jobs/${job.id}/photos`, { method: 'POST', body: form, headers: { 'Idempotency-Key': key } })).status).toBe(201);
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    await stack.api.dataSource.getRepository(JobPositionEntity).insert([
      { jobId: job.id, lat: -21.7, lng: 117, accuracyM: 8, fixedAt: at(closedDaysAgo + 1), sentBy: 'admin' },
      { jobId: job.id, lat: -21.6, lng: 117.05, accuracyM: 8, fixedAt: at(closedDaysAgo + 0.9), sentBy: 'admin' },
    ]);
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status })).status).toBe(200);
    // Every line of its history back-dated, as if it all happened then.
    await stack.api.dataSource.getRepository(JobUpdateEntity).update({ jobId: job.id }, { createdAt: at(closedDaysAgo) });
    return job;
  }

  const left = async (job: Job) => ({
    photos: await stack.api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id }),
    positions: await stack.api.dataSource.getRepository(JobPositionEntity).countBy({ jobId: job.id }),
  });

  it("deletes a closed job's photos after 90 days and its positions after 30, and nothing of an open job", async () => {
    const longClosed = await jobWithMedia('0412 900 001', 'Completed', 100);
    const monthClosed = await jobWithMedia('0412 900 002', 'Cancelled', 45);
    const recent = await jobWithMedia('0412 900 003', 'Completed', 10);
    const stillOpen = await jobWithMedia('0412 900 004', 'En Route', 200);

    const run = await queue.add(RETENTION_JOB, {});
    await eventually(async () => (await run.getState()) === 'completed', 30_000);
    const done = await queue.getJob(run.id!);
    expect(done!.returnvalue).toEqual({ photos: 1, positions: 4 });

    expect(await left(longClosed)).toEqual({ photos: 0, positions: 0 });
    expect(await left(monthClosed)).toEqual({ photos: 1, positions: 0 });
    expect(await left(recent)).toEqual({ photos: 1, positions: 2 });
    expect(await left(stillOpen)).toEqual({ photos: 1, positions: 2 });
    // The job itself and its history stay.
    expect((await admin.get(`/api/jobs/${longClosed.id}/history`)).status).toBe(200);
  });
});
