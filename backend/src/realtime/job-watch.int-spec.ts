import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Job, JobWatchAck, PublicJob, ServerToClientEvents } from '@towing/contracts';
import { useApi } from '../testing/api-stack.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('job:watch', () => {
  const api = useApi();
  let stranger: ClientSocket;
  let job: Job;

  const watch = (jobId: unknown) =>
    new Promise<JobWatchAck>((resolve) => (stranger.emit as (...args: unknown[]) => void)('job:watch', jobId, resolve));

  beforeAll(async () => {
    stranger = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => stranger.once('connect', () => resolve()).once('connect_error', reject));
    job = (
      await api.client().post('/api/jobs', { customerName: 'Pat Quinn', phone: '0412 303 404', email: 'pat@example.com', notes: 'key under the mat' }, { 'Idempotency-Key': randomUUID() })
    ).body.job;
  });
  afterAll(async () => {
    stranger?.close();
  });

  it("lets anyone watch a job and pushes only its public view", async () => {
    expect(await watch(job.id)).toEqual({ ok: true });
    const pushed = new Promise<Job | PublicJob>((resolve) => stranger.once('job:updated', resolve));
    const admin = await api.adminClient();
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route', progress: 25 })).status).toBe(200);
    const update = await pushed;
    expect(update).toMatchObject({ id: job.id, status: 'En Route', progress: 25, customerName: 'Pat Quinn' });
    for (const field of ['phone', 'email', 'notes']) expect(update).not.toHaveProperty(field);
  });

  it('refuses what is not a job id and a job that does not exist', async () => {
    expect(await watch({ id: job.id })).toMatchObject({ ok: false });
    expect(await watch('x'.repeat(40))).toMatchObject({ ok: false });
    expect(await watch('JOB-1999-1')).toEqual({ ok: false, error: 'Job not found' });
  });
});
