import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Job, JobWatchAck, PublicJob, ServerToClientEvents } from '@towing/contracts';
import { eventually } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';
import { WATCH_REFUSED } from './realtime.gateway.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('job:watch', () => {
  const api = useSharedApi();
  let stranger: ClientSocket;
  let job: Job;

  let watchKey: string;
  const watch = (request: unknown) =>
    new Promise<JobWatchAck>((resolve) => (stranger.emit as (...args: unknown[]) => void)('job:watch', request, resolve));

  beforeAll(async () => {
    stranger = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => stranger.once('connect', () => resolve()).once('connect_error', reject));
    job = (
      await api.client().post('/api/jobs', { customerName: 'Pat Quinn', phone: '0412 303 404', email: 'pat@example.com', notes: 'key under the mat' }, { 'Idempotency-Key': randomUUID() })
    ).body.job;
    watchKey = (await api.client().get(`/api/jobs/search?query=${job.id}&last4=3404`)).body.watchKey;
  });
  afterAll(async () => {
    stranger?.close();
  });

  it('lets whoever proved a job watch it, and pushes only its public view', async () => {
    expect(await watch({ jobId: job.id, key: watchKey })).toEqual({ ok: true });
    const pushed = new Promise<Job | PublicJob>((resolve) => stranger.once('job:updated', resolve));
    const admin = await api.adminClient();
    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route', progress: 25 })).status).toBe(200);
    const update = await pushed;
    expect(update).toMatchObject({ id: job.id, status: 'En Route', progress: 25, customerName: 'Pat Quinn' });
    for (const field of ['phone', 'email', 'notes']) expect(update).not.toHaveProperty(field);
  });

  it('refuses what is not a job id, and answers a wrong key and an unknown job alike', async () => {
    expect(await watch(job.id)).toMatchObject({ ok: false });
    expect(await watch({ jobId: 'x'.repeat(40), key: watchKey })).toMatchObject({ ok: false });
    const wrongKey = await watch({ jobId: job.id, key: 'guess' });
    const otherJobsKey = await watch({ jobId: 'JOB-1999-1', key: watchKey });
    const unknown = await watch({ jobId: 'JOB-1999-1', key: 'guess' });
    expect(wrongKey).toEqual({ ok: false, error: WATCH_REFUSED });
    expect(otherJobsKey).toEqual(wrongKey);
    expect(unknown).toEqual(wrongKey);
  });

  it('gives a socket admin events only when it comes from the app itself', async () => {
    const admin = await api.adminClient();
    const connect = (origin?: string) =>
      new Promise<ClientSocket>((resolve, reject) => {
        const socket: ClientSocket = io(api.baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          extraHeaders: { cookie: admin.cookie!, ...(origin ? { origin } : {}) },
        });
        socket.once('connect', () => resolve(socket)).once('connect_error', reject);
      });
    const fromApp = await connect('http://towing.test');
    const fromOtherPort = await connect('http://towing.test:8080');
    const withoutOrigin = await connect();
    const heard = new Map<ClientSocket, string[]>([[fromApp, []], [fromOtherPort, []], [withoutOrigin, []]]);
    for (const [socket, events] of heard) socket.on('job:created', (created: Job) => events.push(created.id));
    try {
      const created = (await api.client().post('/api/sos', { phone: '0412 303 405' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
      await eventually(() => heard.get(fromApp)!.includes(created.id));
      // The push to admins is one broadcast, out to every admin socket by the time the app's has it.
      // A later push that does reach the other two (of a job they watch) shows it did not reach them.
      const watchJob = (socket: ClientSocket) =>
        new Promise<JobWatchAck>((resolve) => (socket.emit as (...args: unknown[]) => void)('job:watch', { jobId: job.id, key: watchKey }, resolve));
      expect(await Promise.all([watchJob(fromOtherPort), watchJob(withoutOrigin)])).toEqual([{ ok: true }, { ok: true }]);
      const later = [fromOtherPort, withoutOrigin].map((socket) => new Promise((resolve) => socket.once('job:updated', resolve)));
      expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route', progress: 50 })).status).toBe(200);
      await Promise.all(later);
      expect(heard.get(fromOtherPort)).toEqual([]);
      expect(heard.get(withoutOrigin)).toEqual([]);
    } finally {
      for (const socket of heard.keys()) socket.close();
    }
  });
});
