import type { Job, PublicJob } from '@towing/contracts';
import { OutboxEntity, JobUpdateEntity, JobEntity } from '@towing/db';
import { eventually, SocketListener, TEST_PUBLIC_URL, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

function listen(baseUrl: string, cookie?: string) {
  // From the app's own page (PUBLIC_URL of the test environment), as a browser would say; a
  // burst's board:batch is its events, as the browser's socket sees them.
  const listener = new SocketListener(baseUrl, cookie, TEST_PUBLIC_URL);
  return { socket: listener.socket, events: listener.events, connected: listener.connected() };
}

describe('PATCH and DELETE /api/jobs/:id', () => {
  const api = useSharedApi();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  async function newJob(overrides: Record<string, unknown> = {}): Promise<Job> {
    const response = await admin.post('/api/jobs', {
      customerName: 'Rio Fleet',
      phone: '0491 570 110',
      service: 'Engine Service',
      location: 'Tom Price mine gate',
      ...overrides,
    });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }
  const patch = (id: string, body: unknown) => admin.request('PATCH', `/api/jobs/${id}`, body);
  const history = (jobId: string) => api.dataSource.getRepository(JobUpdateEntity).find({ where: { jobId }, order: { id: 'ASC' } });
  const events = (name: string, jobId: string) =>
    api.dataSource
      .getRepository(OutboxEntity)
      // In the order they were written: a row's place on disk moves when the relay marks it published.
      .find({ where: { name }, order: { createdAt: 'ASC' } })
      .then((rows) => rows.filter((row) => (row.payload as { jobId: string }).jobId === jobId));

  it('walks a job through the board buttons, one history line and one event per change', async () => {
    const job = await newJob();
    const steps: Array<[string, number]> = [
      ['En Route', 25],
      ['In Progress', 50],
      ['Completed', 100],
    ];
    for (const [status, progress] of steps) {
      const response = await patch(job.id, { status, progress });
      expect(response.status).toBe(200);
      expect(response.body.job).toMatchObject({ id: job.id, status, progress });
    }
    expect((await history(job.id)).map((row) => row.status)).toEqual(['Assigned', 'En Route', 'In Progress', 'Completed']);
    const changes = await events('job.statusChanged', job.id);
    expect(changes.map((row) => row.payload)).toEqual([
      { jobId: job.id, from: 'Assigned', to: 'En Route' },
      { jobId: job.id, from: 'En Route', to: 'In Progress' },
      { jobId: job.id, from: 'In Progress', to: 'Completed' },
    ]);
    expect(await events('job.completed', job.id)).toHaveLength(1);
  });

  it('sets the progress from the state machine, whatever the caller sent with the status', async () => {
    const job = await newJob();
    const response = await patch(job.id, { status: 'En Route', progress: 90 });
    expect(response.body.job.progress).toBe(25);
  });

  it('refuses an illegal move with a 409 that says why, and writes nothing', async () => {
    const job = await newJob();
    await patch(job.id, { status: 'In Progress' });
    const back = await patch(job.id, { status: 'En Route' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ statusCode: 409, error: 'Conflict', message: `Job ${job.id} cannot go from In Progress to En Route` });
    expect((await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id })).status).toBe('In Progress');
    expect(await history(job.id)).toHaveLength(2);
    expect(await events('job.statusChanged', job.id)).toHaveLength(1);
  });

  it('never reassigns or moves a Completed or Cancelled job', async () => {
    const done = await newJob();
    await patch(done.id, { status: 'Completed' });
    const reassign = await patch(done.id, { assignedTo: 'Both' });
    expect(reassign.status).toBe(409);
    expect(reassign.body.message).toBe(`Job ${done.id} is Completed and can no longer be reassigned`);
    expect((await patch(done.id, { status: 'Cancelled' })).status).toBe(409);
    expect((await patch(done.id, { progress: 10 })).status).toBe(409);

    const cancelled = await newJob();
    expect((await patch(cancelled.id, { status: 'Cancelled' })).body.job).toMatchObject({ status: 'Cancelled', progress: 0 });
    const revive = await patch(cancelled.id, { status: 'En Route' });
    expect(revive.status).toBe(409);
    expect(revive.body.message).toBe(`Job ${cancelled.id} is Cancelled and can no longer be changed`);
    expect(await events('job.completed', cancelled.id)).toHaveLength(0);
  });

  it('reassigns an open job with a history line and no status event', async () => {
    const job = await newJob();
    const response = await patch(job.id, { assignedTo: 'Both' });
    expect(response.status).toBe(200);
    expect(response.body.job.assignedTo).toBe('Both');
    expect((await history(job.id)).at(-1)!.message).toBe('Assigned to Both (was Unassigned)');
    expect(await events('job.statusChanged', job.id)).toHaveLength(0);
  });

  it.each([
    ['an unknown status', { status: 'Teleported' }, 'status'],
    ['an unknown assignee', { assignedTo: 'Bob' }, 'assignedTo'],
    ['progress over 100', { progress: 101 }, 'progress'],
    ['an unknown field', { customerName: 'X' }, 'customerName'],
  ])('refuses %s with a 400 naming the field', async (_case, body, field) => {
    const job = await newJob();
    const response = await patch(job.id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('answers 404 for a job that does not exist', async () => {
    expect((await patch('JOB-1999-1', { status: 'En Route' })).status).toBe(404);
    expect((await admin.request('DELETE', '/api/jobs/JOB-1999-1')).status).toBe(404);
  });

  it('serialises two dispatchers: one move wins, the other sees the new status', async () => {
    const job = await newJob();
    const [first, second] = await Promise.all([patch(job.id, { status: 'Completed' }), patch(job.id, { status: 'Cancelled' })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await events('job.statusChanged', job.id)).toHaveLength(1);
  });

  it('deletes only Completed or Cancelled jobs', async () => {
    const open = await newJob();
    const refused = await admin.request('DELETE', `/api/jobs/${open.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Job ${open.id} is Assigned; only Completed or Cancelled jobs can be deleted`);
    await patch(open.id, { status: 'Cancelled' });
    expect((await admin.request('DELETE', `/api/jobs/${open.id}`)).status).toBe(204);
    expect(await api.dataSource.getRepository(JobEntity).existsBy({ id: open.id })).toBe(false);
  });

  it('pushes the full job to admins, the public view to watchers, and the deletion to admins', async () => {
    const job = await newJob({ email: 'rio@example.com' });
    const board = listen(api.baseUrl, admin.cookie);
    const customer = listen(api.baseUrl);
    await Promise.all([board.connected, customer.connected]);
    try {
      const { watchKey } = (await admin.get(`/api/jobs/search?query=${job.id}`)).body;
      const ack = await customer.socket.timeout(5000).emitWithAck('job:watch', { jobId: job.id, key: watchKey });
      expect(ack).toEqual({ ok: true });
      // The tracking page shows the Live Status card too.
      expect(await customer.socket.timeout(5000).emitWithAck('stats:watch')).toEqual({ ok: true });
      await patch(job.id, { status: 'En Route' });
      // Pushes are batched, so a frame about an earlier test's job can still arrive on these sockets.
      const updateOf = (listener: typeof board) =>
        listener.events.find((e) => e.event === 'job:updated' && (e.payload as { id: string }).id === job.id);
      await eventually(() => updateOf(board) !== undefined && updateOf(customer) !== undefined);
      const full = updateOf(board)!.payload as Job;
      const publicView = updateOf(customer)!.payload as PublicJob & { phone?: string };
      expect(full).toMatchObject({ id: job.id, status: 'En Route', progress: 25, phone: '0491 570 110' });
      expect(publicView).toMatchObject({ id: job.id, status: 'En Route', progress: 25 });
      expect(publicView.phone).toBeUndefined();
      await eventually(() => customer.events.some((e) => e.event === 'stats:changed'));

      await patch(job.id, { status: 'Cancelled' });
      await admin.request('DELETE', `/api/jobs/${job.id}`);
      const deletionOf = (listener: typeof board) =>
        listener.events.find((e) => e.event === 'job:deleted' && (e.payload as { id: string }).id === job.id);
      await eventually(() => deletionOf(board) !== undefined);
      expect(deletionOf(board)!.payload).toEqual({ id: job.id });
      expect(deletionOf(customer)).toBeUndefined();
    } finally {
      board.socket.close();
      customer.socket.close();
    }
  });
});
