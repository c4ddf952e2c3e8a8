import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { BoardTruck, ClientToServerEvents, Job, JobWatchAck, PositionFix, ServerToClientEvents, TruckPosition } from '@towing/contracts';
import { JobEntity } from '@towing/db';
import { eventually, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The stranded driver near Millstream, and the truck coming up from the south-west. */
const SCENE = { lat: -21.59, lng: 117.07 };

describe("the truck's position", () => {
  const api = useSharedApi();
  let admin: TestClient;
  let job: Job;
  let other: Job;
  const sockets: ClientSocket[] = [];

  async function sos(phone: string): Promise<Job> {
    const body = { phone, customerName: 'Robin Hale', gps: { ...SCENE, accuracyM: 12 } };
    return (await api.client().post('/api/sos', body, { 'Idempotency-Key': randomUUID() })).body.job as Job;
  }

  /** A page that proved `target` and watches it, recording every frame it is sent. */
  async function watcher(target: Job, last4: string) {
    const socket: ClientSocket = io(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const key = (await api.client().get(`/api/jobs/search?query=${target.id}&last4=${last4}`)).body.watchKey as string;
    const ack = await new Promise<JobWatchAck>((resolve) => socket.emit('job:watch', { jobId: target.id, key }, resolve));
    expect(ack).toEqual({ ok: true });
    const frames: Array<[string, unknown]> = [];
    // Frames about jobs (the site-wide stats push is everyone's, whichever page).
    socket.onAny((event: string, payload: unknown) => event.startsWith('job:') && frames.push([event, payload]));
    return { key, frames, positions: () => frames.filter(([event]) => event === 'job:position').map(([, payload]) => payload as TruckPosition) };
  }

  const fix = (minutesAgo: number, lat: number, lng: number): PositionFix => ({ lat, lng, accuracyM: 8, fixedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
  const send = (target: Job, fixes: PositionFix[], client = admin) => client.post(`/api/jobs/${target.id}/positions`, { fixes });
  const setStatus = async (target: Job, status: string) => expect((await admin.request('PATCH', `/api/jobs/${target.id}`, { status })).status).toBe(200);

  beforeAll(async () => {
    admin = await api.adminClient();
    job = await sos('0412 777 001');
    other = await sos('0412 777 002');
  });
  afterAll(() => sockets.forEach((socket) => socket.close()));

  it('is refused before the truck is on its way, and from anyone but staff', async () => {
    const early = await send(job, [fix(1, -21.8, 116.9)]);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('only while it is En Route or In Progress');
    expect((await send(job, [fix(1, -21.8, 116.9)], api.client())).status).toBe(401);
  });

  it("takes a driver's truck only on the jobs assigned to that driver", async () => {
    const password = 'a-long-password-9';
    expect((await admin.post('/api/drivers', { username: 'kim.driver', password, email: 'kim.driver@example.com', firstName: 'Kim', lastName: 'Test', phone: '0412 345 679' })).status).toBe(201);
    const kim = api.client();
    expect((await kim.post('/api/auth/login', { username: 'kim.driver', password })).status).toBe(200);
    const theirs = await sos('0412 777 003');
    await setStatus(theirs, 'En Route');
    const refused = await send(theirs, [fix(1, -21.8, 116.9)], kim);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: `Job ${theirs.id} is not assigned to you` });
    // As Take it on /driver assigns it (the board's selector lists the owners only).
    await api.dataSource.getRepository(JobEntity).update(theirs.id, { assignedTo: 'Kim' });
    expect((await send(theirs, [fix(1, -21.8, 116.9)], kim)).status).toBe(200);
    // Off the road again, so the board's trucks below are the other tests' alone.
    await setStatus(theirs, 'Cancelled');
  });

  it("sends the newest fix of a batch to that job's tracking page in one frame, and to no other job's", async () => {
    await setStatus(job, 'En Route');
    await setStatus(other, 'En Route');
    const page = await watcher(job, '7001');
    const otherPage = await watcher(other, '7002');

    const batch = [fix(3, -21.9, 116.8), fix(2, -21.8, 116.9), fix(1, -21.7, 117.0)];
    const sent = await send(job, batch);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ stored: 3 });
    await eventually(() => page.positions().length === 1);

    const [pushed] = page.positions();
    expect(pushed).toMatchObject({ jobId: job.id, lat: -21.7, lng: 117.0, accuracyM: 8, fixedAt: batch[2]!.fixedAt });
    // About 14 km of straight line from -21.7, 117.0 to the scene.
    expect(pushed!.distanceKm).toBeGreaterThan(13);
    expect(pushed!.distanceKm).toBeLessThan(15);
    expect(pushed).not.toHaveProperty('assignedTo');

    // A batch sent again after a lost answer stores nothing and pushes nothing.
    expect((await send(job, batch)).body).toEqual({ stored: 0 });
    const read = await api.client().get(`/api/jobs/${job.id}/position?key=${page.key}`);
    expect(read.body).toEqual({ position: pushed });
    expect(page.frames).toEqual([['job:position', pushed]]);
    expect(otherPage.frames).toEqual([]);
  });

  it("shows each truck on the board, and the tracking page's read needs that job's watch key", async () => {
    const trucks = (await admin.get('/api/trucks')).body as BoardTruck[];
    expect(trucks).toEqual([expect.objectContaining({ jobId: job.id, lat: -21.7, lng: 117.0, status: 'En Route', assignedTo: job.assignedTo })]);

    const otherKey = (await api.client().get(`/api/jobs/search?query=${other.id}&last4=7002`)).body.watchKey as string;
    const wrong = await api.client().get(`/api/jobs/${job.id}/position?key=${otherKey}`);
    expect(wrong.status).toBe(404);
    expect((await api.client().get('/api/trucks')).status).toBe(401);
  });

  it('stops when the job is completed: nothing is taken and the tracking page gets no position', async () => {
    const key = (await api.client().get(`/api/jobs/search?query=${job.id}&last4=7001`)).body.watchKey as string;
    await setStatus(job, 'Completed');
    expect((await send(job, [fix(0, -21.6, 117.05)])).status).toBe(409);
    expect((await api.client().get(`/api/jobs/${job.id}/position?key=${key}`)).body).toEqual({ position: null });
    expect((await admin.get('/api/trucks')).body).toEqual([]);
  });

  it('refuses a fix from the future and a malformed batch, field by field', async () => {
    const future = await send(other, [{ lat: -21.7, lng: 117, fixedAt: new Date(Date.now() + 3_600_000).toISOString() }]);
    expect(future.status).toBe(400);
    const malformed = await send(other, [{ lat: 95, lng: 117, fixedAt: 'yesterday' } as PositionFix]);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('lat must be between -90 and 90');
    expect(JSON.stringify(malformed.body)).toContain('fixedAt must be an ISO 8601 date-time');
  });
});
