import { randomUUID } from 'node:crypto';
import type { Announcement, Job } from '@towing/contracts';
import { OutboxEntity } from '@towing/db';
import { type ApiProcess, eventually, SocketListener, type Stack, startStack } from '@towing/testkit';
import { PROOF_ATTEMPTS } from './jobs/job-lookup.service.js';

const NOTICE = { title: 'Road closed', message: 'Nanutarra Munjina Road closed at the Beasley River.', type: 'warning', active: true, showAsPopup: true, showInSidebar: true };

/** Two API instances and two workers on one PostgreSQL and one Redis, as docker-compose.yml can run them. */
describe('two APIs and two workers', () => {
  let stack: Stack;
  let first: ApiProcess;
  let second: ApiProcess;

  beforeAll(async () => {
    stack = await startStack();
    first = stack.api;
    [second] = await Promise.all([stack.startApi(), stack.startWorker()]);
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const publicUrl = () => stack.variables.PUBLIC_URL!;

  it("puts a change made on one instance on a board connected to the other", async () => {
    const adminOnFirst = await first.adminClient();
    const board = await new SocketListener(second.baseUrl, (await second.adminClient()).cookie, publicUrl()).connected();
    try {
      const job = (await first.client().post('/api/sos', { phone: '0412 300 400' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
      await eventually(() => board.received<Job>('job:created', (created) => created.id === job.id).length === 1);
      expect((await adminOnFirst.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route' })).status).toBe(200);
      await eventually(() => board.received<Job>('job:updated', (updated) => updated.id === job.id && updated.status === 'En Route').length === 1);
    } finally {
      board.close();
    }
  });

  it('pushes an announcement expiry once, from one instance', async () => {
    const listeners = await Promise.all([first, second].map((api) => new SocketListener(api.baseUrl, undefined, publicUrl()).connected()));
    try {
      const expiresAt = Date.now() + 2000;
      const created = await (await first.adminClient()).post('/api/announcements', { ...NOTICE, expiresAt: new Date(expiresAt).toISOString() });
      const id = (created.body as Announcement).id;
      const expiries = (listener: SocketListener) =>
        listener.events.filter((entry) => entry.event === 'announcements:changed' && entry.at >= expiresAt && !(entry.payload as Announcement[]).some((item) => item.id === id));
      await eventually(() => listeners.every((listener) => expiries(listener).length >= 1), 10_000);
      // Both instances' timers fire within milliseconds of each other. A change made afterwards on the
      // second instance, once on both boards, comes after any second expiry push would have.
      const later = await (await second.adminClient()).post('/api/announcements', { ...NOTICE, title: 'Road open' });
      const laterId = (later.body as Announcement).id;
      await eventually(() =>
        listeners.every((listener) => listener.received<Announcement[]>('announcements:changed', (list) => list.some((item) => item.id === laterId)).length > 0),
      );
      const beforeLater = (listener: SocketListener) => expiries(listener).filter((entry) => !(entry.payload as Announcement[]).some((item) => item.id === laterId));
      expect(listeners.map((listener) => beforeLater(listener).length)).toEqual([1, 1]);
    } finally {
      listeners.forEach((listener) => listener.close());
    }
  });

  it('publishes rows left in the outbox once between the two sweeps, and each is handled once', async () => {
    const jobs = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const phone = `0412 310 ${String(100 + n)}`;
        return (await first.client().post('/api/sos', { phone }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
      }),
    );
    // As if the process that committed them died before publishing: old, unpublished, and for events nobody handled yet.
    const outbox = stack.api.dataSource.getRepository(OutboxEntity);
    const rows = jobs.map((job) => outbox.create({ name: 'job.created', payload: { jobId: job.id } }));
    await outbox.save(rows);
    await outbox.createQueryBuilder().update().set({ createdAt: () => "now() - interval '1 minute'" }).where('id IN (:...ids)', { ids: rows.map((row) => row.id) }).execute();
    const unpublished = () => outbox.createQueryBuilder('o').where('o.id IN (:...ids)', { ids: rows.map((row) => row.id) }).andWhere('o.published_at IS NULL').getCount();
    await eventually(async () => (await unpublished()) === 0, 20_000);
    for (const job of jobs) {
      const texts = await eventually(() => {
        const found = stack.twilio.received.filter((sms) => sms.body.includes(`job ${job.id} is booked`));
        return found.length ? found : null;
      }, 20_000);
      expect(texts).toHaveLength(1);
    }
  });

  it('counts rate limits across instances', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      statuses.push((await first.client().get(`/api/jobs/lookup?query=JOB-2001-${n}&last4=1234`)).status);
      statuses.push((await second.client().get(`/api/jobs/lookup?query=JOB-2002-${n}&last4=1234`)).status);
    }
    // Wrong proofs from one client, alternating instances: its allowance is counted once for both.
    expect(statuses.filter((status) => status === 200)).toHaveLength(PROOF_ATTEMPTS.points);
    expect(statuses.slice(PROOF_ATTEMPTS.points).every((status) => status === 429)).toBe(true);
  });
});
