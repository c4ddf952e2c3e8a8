import type { Socket } from 'socket.io-client';
import type { Job, JobHistoryEntry, JobTimeline } from '@towing/contracts';
import { JobEntity, JobUpdateEntity } from '@towing/db';
import { eventually, SocketListener, TEST_ADMIN, TEST_PUBLIC_URL, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('dispatch: acknowledge, ETA and notes, history and the public timeline', () => {
  const api = useSharedApi();
  let admin: TestClient;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  async function sos(): Promise<Job> {
    const response = await api.client().post('/api/sos', { phone: '0412 345 678', situation: 'Bogged at the Fortescue crossing' });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }
  const acknowledge = (client: TestClient, id: string) => client.post(`/api/jobs/${id}/acknowledge`, undefined);
  const details = (id: string, body: unknown) => admin.request('PATCH', `/api/jobs/${id}/details`, body);
  const history = async (id: string) => (await admin.get(`/api/jobs/${id}/history`)).body as JobHistoryEntry[];
  const stored = (id: string) => api.dataSource.getRepository(JobEntity).findOneByOrFail({ id });

  function adminSocket(): Promise<{ socket: Socket; updates: Job[] }> {
    // Like the board's own socket: a burst's board:batch reaches the listeners of each event in it.
    const { socket } = new SocketListener(api.baseUrl, admin.cookie!, TEST_PUBLIC_URL);
    const updates: Job[] = [];
    socket.on('job:updated', (job) => updates.push(job as Job));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve({ socket, updates }));
      socket.once('connect_error', reject);
    });
  }

  describe('POST /api/jobs/:id/acknowledge', () => {
    it('records who acknowledged the SOS and when, writes it in the history and pushes it to the board', async () => {
      const job = await sos();
      expect(job.acknowledgement).toBeNull();
      const { socket, updates } = await adminSocket();
      try {
        const before = Date.now();
        const response = await acknowledge(admin, job.id);
        expect(response.status).toBe(200);
        const acknowledged = response.body.job as Job;
        expect(acknowledged.acknowledgement?.by).toBe(TEST_ADMIN.username);
        expect(Date.parse(acknowledged.acknowledgement!.at)).toBeGreaterThanOrEqual(before - 1000);
        expect((await stored(job.id)).acknowledgedBy).toBe(TEST_ADMIN.username);
        const pushed = await eventually(() => updates.find((update) => update.id === job.id && update.acknowledgement) ?? null);
        expect(pushed.acknowledgement).toEqual(acknowledged.acknowledgement);
      } finally {
        socket.close();
      }
      expect((await history(job.id)).map(({ actor, message }) => ({ actor, message }))).toEqual([
        { actor: null, message: 'Job created (4x4 Recovery)' },
        { actor: TEST_ADMIN.username, message: 'SOS acknowledged' },
      ]);
    });

    it('keeps the first acknowledgement when a second click arrives, and writes no second history line', async () => {
      const job = await sos();
      const [first, second] = await Promise.all([acknowledge(admin, job.id), acknowledge(admin, job.id)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.job.acknowledgement).toEqual(first.body.job.acknowledgement);
      expect((await history(job.id)).filter((entry) => entry.message === 'SOS acknowledged')).toHaveLength(1);
    });

    it('answers 404 for an unknown job and 409 for a closed one', async () => {
      expect((await acknowledge(admin, 'JOB-1999-1')).status).toBe(404);
      // Not an SOS: cancelling an SOS acknowledges it (below), so a closed job nobody has is one the office booked.
      const job = (await admin.post('/api/jobs', { customerName: 'Rio Fleet', phone: '0491 570 110', service: 'Engine Service', location: 'Tom Price mine gate' })).body.job as Job;
      expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Cancelled' })).status).toBe(200);
      const refused = await acknowledge(admin, job.id);
      expect(refused.status).toBe(409);
      expect((await stored(job.id)).acknowledgedAt).toBeNull();
    });

    it('is staff only', async () => {
      const job = await sos();
      expect((await acknowledge(api.client(), job.id)).status).toBe(401);
      expect((await stored(job.id)).acknowledgedAt).toBeNull();
    });
  });

  describe('a status change by a dispatcher', () => {
    const patch = (id: string, body: unknown) => admin.request('PATCH', `/api/jobs/${id}`, body);

    it('acknowledges the SOS it moves on, with who and when, in the same history line, and pushes it to the board', async () => {
      const job = await sos();
      const { socket, updates } = await adminSocket();
      try {
        const before = Date.now();
        const response = await patch(job.id, { status: 'En Route' });
        expect(response.status).toBe(200);
        const moved = response.body.job as Job;
        expect(moved.status).toBe('En Route');
        expect(moved.acknowledgement?.by).toBe(TEST_ADMIN.username);
        expect(Date.parse(moved.acknowledgement!.at)).toBeGreaterThanOrEqual(before - 1000);
        const row = await stored(job.id);
        expect(row.acknowledgedBy).toBe(TEST_ADMIN.username);
        expect(row.acknowledgedAt?.toISOString()).toBe(moved.acknowledgement!.at);
        const pushed = await eventually(() => updates.find((update) => update.id === job.id && update.status === 'En Route') ?? null);
        expect(pushed.acknowledgement).toEqual(moved.acknowledgement);
      } finally {
        socket.close();
      }
      expect((await history(job.id)).slice(1).map(({ actor, status, message }) => ({ actor, status, message }))).toEqual([
        { actor: TEST_ADMIN.username, status: 'En Route', message: 'SOS acknowledged; Status changed from Emergency to En Route' },
      ]);
    });

    it('records cancelling an unacknowledged SOS as its acknowledgement too', async () => {
      const job = await sos();
      const response = await patch(job.id, { status: 'Cancelled' });
      expect(response.body.job.acknowledgement?.by).toBe(TEST_ADMIN.username);
      expect((await history(job.id)).at(-1)?.message).toBe('SOS acknowledged; Status changed from Emergency to Cancelled');
    });

    it('keeps the first acknowledgement and writes no second one', async () => {
      const job = await sos();
      const first = (await acknowledge(admin, job.id)).body.job as Job;
      const response = await patch(job.id, { status: 'En Route' });
      expect(response.body.job.acknowledgement).toEqual(first.acknowledgement);
      expect((await history(job.id)).slice(1).map((entry) => entry.message)).toEqual(['SOS acknowledged', 'Status changed from Emergency to En Route']);
    });

    it('acknowledges nothing when only the assignment changes, or when the job was never an SOS', async () => {
      const job = await sos();
      expect((await patch(job.id, { assignedTo: 'Dean' })).body.job.acknowledgement).toBeNull();
      expect((await stored(job.id)).acknowledgedAt).toBeNull();
      const booked = (await admin.post('/api/jobs', { customerName: 'Rio Fleet', phone: '0491 570 110', service: 'Engine Service', location: 'Tom Price mine gate' })).body.job as Job;
      expect((await patch(booked.id, { status: 'En Route' })).body.job.acknowledgement).toBeNull();
    });
  });

  describe('PATCH /api/jobs/:id/details', () => {
    it('sets, corrects and clears the ETA and edits the notes, each line naming the dispatcher', async () => {
      const job = await sos();
      const eta = '2031-03-01T06:30:00.000Z';
      let response = await details(job.id, { estimatedArrival: eta });
      expect(response.status).toBe(200);
      expect(response.body.job.estimatedArrival).toBe(eta);

      response = await details(job.id, { notes: 'Bring the long snatch strap. Gate code 4411.' });
      expect(response.body.job).toMatchObject({ estimatedArrival: eta, notes: 'Bring the long snatch strap. Gate code 4411.' });

      response = await details(job.id, { estimatedArrival: null });
      expect(response.body.job.estimatedArrival).toBeNull();

      const lines = (await history(job.id)).slice(1);
      expect(lines.map((entry) => entry.message)).toEqual(['ETA set to 1 Mar 2031, 2:30 pm', 'Notes edited', 'ETA cleared']);
      expect(lines.every((entry) => entry.actor === TEST_ADMIN.username)).toBe(true);
    });

    it('writes nothing when nothing changes', async () => {
      const job = await sos();
      const response = await details(job.id, { notes: job.notes });
      expect(response.status).toBe(200);
      expect(await history(job.id)).toHaveLength(1);
    });

    it('refuses a bad date, unknown fields and over-long notes field by field, storing nothing', async () => {
      const job = await sos();
      const response = await details(job.id, { estimatedArrival: 'tomorrow-ish', notes: 'x'.repeat(5001), progress: 90 });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'estimatedArrival', message: 'Please enter a valid date and time' },
          { field: 'notes', message: 'Notes must be at most 5000 characters' },
          { field: 'progress', message: 'Unknown field' },
        ]),
      );
      const row = await stored(job.id);
      expect(row.notes).toBe(job.notes);
      expect(row.estimatedArrival?.toISOString()).toBe(job.estimatedArrival);
    });

    it('keeps the ETA of a closed job but lets its notes be written up', async () => {
      const job = await sos();
      await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed' });
      expect((await details(job.id, { estimatedArrival: '2031-03-01T06:30:00.000Z' })).status).toBe(409);
      const notes = await details(job.id, { notes: 'Winched out, no damage.' });
      expect(notes.status).toBe(200);
      expect(notes.body.job.notes).toBe('Winched out, no damage.');
    });
  });

  describe('GET /api/jobs/:id/history', () => {
    it('names the dispatcher of each status change and assignment', async () => {
      const job = await sos();
      await admin.request('PATCH', `/api/jobs/${job.id}`, { assignedTo: 'Dean' });
      await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route' });
      const entries = await history(job.id);
      expect(entries.map(({ actor, status }) => ({ actor, status }))).toEqual([
        { actor: null, status: 'Emergency' },
        { actor: TEST_ADMIN.username, status: 'Emergency' },
        { actor: TEST_ADMIN.username, status: 'En Route' },
      ]);
    });

    it('is staff only and answers 404 for an unknown job', async () => {
      const job = await sos();
      expect((await api.client().get(`/api/jobs/${job.id}/history`)).status).toBe(401);
      expect((await admin.get('/api/jobs/JOB-1999-1/history')).status).toBe(404);
    });
  });

  describe('GET /api/jobs/:id/timeline', () => {
    /** The key a customer's lookup by job id and the phone's last four digits hands out. */
    async function watchKey(job: Job): Promise<string> {
      const found = await api.client().get(`/api/jobs/search?query=${job.id}&last4=${job.phone.replace(/\D/g, '').slice(-4)}`);
      expect(found.body.watchKey).toEqual(expect.any(String));
      return found.body.watchKey as string;
    }
    const timelineOf = async (job: Job, key?: string) => api.client().get(`/api/jobs/${job.id}/timeline?key=${key ?? (await watchKey(job))}`);

    it('shows when each status was really reached, to whoever proved the job, without who or what was written', async () => {
      const job = await sos();
      await admin.request('PATCH', `/api/jobs/${job.id}`, { assignedTo: 'Matt' });
      await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route' });
      await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'In Progress' });
      const rows = await api.dataSource.getRepository(JobUpdateEntity).find({ where: { jobId: job.id }, order: { id: 'ASC' } });

      const response = await timelineOf(job);
      expect(response.status).toBe(200);
      const timeline = response.body as JobTimeline;
      expect(timeline).toEqual({
        jobId: job.id,
        steps: [
          { status: 'Emergency', label: 'Job created and assigned to Matt', at: rows[0].createdAt.toISOString() },
          { status: 'En Route', label: 'Driver en route', at: rows[2].createdAt.toISOString() },
          { status: 'In Progress', label: 'Driver arrived on site', at: rows[3].createdAt.toISOString() },
        ],
      });
      expect(JSON.stringify(timeline)).not.toContain(TEST_ADMIN.username);
    });

    it('never shows a time in the future', async () => {
      const job = await sos();
      await api.dataSource
        .getRepository(JobUpdateEntity)
        .insert({ jobId: job.id, status: 'Completed', message: 'Status changed', actor: null, createdAt: new Date(Date.now() + 3_600_000) });
      const timeline = (await timelineOf(job)).body as JobTimeline;
      expect(timeline.steps.map((step) => step.status)).toEqual(['Emergency']);
    });

    it('answers the same 404 for an unknown job, no key and a wrong key, so it tells nobody which jobs exist', async () => {
      const job = await sos();
      const answers = await Promise.all([
        api.client().get('/api/jobs/JOB-1999-1/timeline?key=guess'),
        api.client().get(`/api/jobs/${job.id}/timeline`),
        timelineOf(job, 'A'.repeat(32)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
      expect(new Set(answers.map((answer) => answer.body.message.replace(job.id, 'JOB-1999-1'))).size).toBe(1);
    });
  });
});
