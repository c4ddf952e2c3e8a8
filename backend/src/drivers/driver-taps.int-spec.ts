import { type DriverBoard, type DriverTapResponse, type Job, type JobHistoryEntry, type MileageRecord, TRUCK_DRIVERS } from '@towing/contracts';
import { DriverTapEntity, JobEntity, UserEntity } from '@towing/db';
import { eventually, SocketListener, TEST_ADMIN, TEST_PUBLIC_URL, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

const PASSWORD = 'long-red-road-1';

describe('taps from /driver', () => {
  const api = useSharedApi();
  let admin: TestClient;
  let sam: TestClient;
  let kim: TestClient;

  beforeAll(async () => {
    admin = await api.adminClient();
    for (const [username, firstName] of [['sam.driver', 'Sam'], ['kim.driver', 'Kim']]) {
      const created = await admin.post('/api/drivers', { username, password: PASSWORD, email: `${username}@example.com`, firstName, lastName: 'Test', phone: '0412 345 678' });
      expect(created.status).toBe(201);
    }
    [sam, kim] = await Promise.all(
      ['sam.driver', 'kim.driver'].map(async (username) => {
        const client = api.client();
        expect((await client.post('/api/auth/login', { username, password: PASSWORD })).status).toBe(200);
        return client;
      }),
    );
  });

  async function sos(): Promise<Job> {
    const response = await api.client().post('/api/sos', { phone: '0412 345 678', situation: 'Bogged at the Fortescue crossing', gps: { lat: -20.74, lng: 116.85 } });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  let keys = 0;
  const tap = (client: TestClient, jobId: string, body: Record<string, unknown>, key = `tap-key-${++keys}-${Date.now()}`) =>
    client.post(`/api/driver/jobs/${jobId}/taps`, { madeAt: new Date().toISOString(), ...body }, { 'Idempotency-Key': key });

  it('shows the open SOS, newest unacknowledged first, and the driver\'s own jobs', async () => {
    const older = await sos();
    const newer = await sos();
    const board = (await sam.get('/api/driver/board')).body as DriverBoard;
    const ids = board.sos.map((job) => job.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(board.sos.find((job) => job.id === newer.id)).toMatchObject({ gps: { lat: -20.74, lng: 116.85 }, photoIds: [] });
    expect((await tap(sam, older.id, { kind: 'take' })).status).toBe(200);
    const after = (await sam.get('/api/driver/board')).body as DriverBoard;
    expect(after.mine.map((job) => job.id)).toContain(older.id);
    expect(((await kim.get('/api/driver/board')).body as DriverBoard).mine.map((job) => job.id)).not.toContain(older.id);
  });

  it('applies a tap once however often it is resent, and answers the resend as the first', async () => {
    const job = await sos();
    const madeAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const body = { kind: 'take', madeAt };
    const first = await tap(sam, job.id, body, 'resent-take-1');
    const again = await tap(sam, job.id, body, 'resent-take-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as DriverTapResponse).tap).toEqual((first.body as DriverTapResponse).tap);
    expect(await api.dataSource.getRepository(DriverTapEntity).countBy({ jobId: job.id })).toBe(1);
    const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[];
    const taken = history.filter((entry) => entry.message === 'Taken by Sam');
    expect(taken).toHaveLength(1);
    // The phone's time is shown; the arrival time is kept beside it.
    expect(taken[0].at).toBe(madeAt);
    expect(Date.parse(taken[0].receivedAt!)).toBeGreaterThan(Date.parse(madeAt));
    expect((await tap(sam, job.id, { kind: 'acknowledge', madeAt }, 'resent-take-1')).status).toBe(422);
  });

  it('refuses a tap on a job someone else took, or that was cancelled, with the reason, the same on a resend', async () => {
    const job = await sos();
    expect((await tap(kim, job.id, { kind: 'take' })).status).toBe(200);
    const late = { kind: 'take', madeAt: new Date().toISOString() };
    const refused = await tap(sam, job.id, late, 'late-take-1');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Kim has already taken job ${job.id}`);
    const resent = await tap(sam, job.id, late, 'late-take-1');
    expect([resent.status, resent.body.message]).toEqual([409, `Kim has already taken job ${job.id}`]);

    expect((await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Cancelled' })).status).toBe(200);
    const onCancelled = await tap(kim, job.id, { kind: 'enRoute', etaMinutes: 30 });
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.message).toBe(`Job ${job.id} is Cancelled and can no longer be changed`);
  });

  it('moves the job along the board\'s states, sets the ETA from the phone\'s time, and tells the board and the drivers', async () => {
    const job = await sos();
    const board = new SocketListener(api.baseUrl, admin.cookie!, TEST_PUBLIC_URL);
    const drivers = new SocketListener(api.baseUrl, kim.cookie!, TEST_PUBLIC_URL);
    try {
      await eventually(() => board.socket.connected && drivers.socket.connected);
      const madeAt = new Date(Date.now() - 5 * 60_000);
      expect((await tap(sam, job.id, { kind: 'take' })).status).toBe(200);
      const enRoute = await tap(sam, job.id, { kind: 'enRoute', etaMinutes: 45, madeAt: madeAt.toISOString() });
      expect((enRoute.body as DriverTapResponse).job).toMatchObject({ status: 'En Route', progress: 25, assignedTo: 'Sam' });
      expect((enRoute.body as DriverTapResponse).job.estimatedArrival).toBe(new Date(madeAt.getTime() + 45 * 60_000).toISOString());
      expect((await tap(sam, job.id, { kind: 'onScene' })).body.job).toMatchObject({ status: 'In Progress', progress: 50 });
      expect((await tap(sam, job.id, { kind: 'towing' })).body.job).toMatchObject({ status: 'In Progress', progress: 75 });
      expect((await tap(sam, job.id, { kind: 'complete', odometerKm: 123456 })).body.job).toMatchObject({ status: 'Completed', progress: 100 });
      await eventually(() => board.events.some(({ event, payload }) => event === 'job:updated' && (payload as Job).id === job.id && (payload as Job).status === 'Completed'));
      await eventually(() => drivers.events.some(({ event }) => event === 'driver:board'));
      const history = ((await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[]).map((entry) => entry.message);
      expect(history).toEqual(expect.arrayContaining([expect.stringContaining('Odometer 123,456 km')]));
    } finally {
      board.socket.close();
      drivers.socket.close();
    }
  });

  it('needs an Idempotency-Key and a valid ETA', async () => {
    const job = await sos();
    expect((await sam.post(`/api/driver/jobs/${job.id}/taps`, { kind: 'take', madeAt: new Date().toISOString() })).status).toBe(400);
    const noEta = await tap(sam, job.id, { kind: 'enRoute' });
    expect(noEta.status).toBe(400);
    expect(await api.dataSource.getRepository(DriverTapEntity).countBy({ jobId: job.id })).toBe(0);
  });

  it("records the odometer of a Completed tap on the driver's own truck, and says on the job when a reading cannot be", async () => {
    // The owners are admins who drive; their first name is the truck's usual driver.
    const owner = TRUCK_DRIVERS[0];
    await api.dataSource.getRepository(UserEntity).update({ username: TEST_ADMIN.username }, { firstName: owner, drives: true });
    const driver = admin;
    const truck = await admin.post('/api/vehicles', {
      name: 'Recovery 1',
      make: 'Toyota',
      model: 'LandCruiser 79',
      year: 2021,
      registration: 'ODO 1',
      type: '4x4 Recovery',
      mileage: 152_000,
      serviceInterval: 10_000,
      usualDriver: owner,
    });
    expect(truck.status).toBe(201);
    const complete = async (odometerKm: number) => {
      const job = await sos();
      for (const kind of ['take', 'onScene']) expect((await tap(driver, job.id, { kind })).status).toBe(200);
      expect((await tap(driver, job.id, { kind: 'complete', odometerKm })).status).toBe(200);
      return job;
    };
    const history = async (job: Job) => ((await admin.get(`/api/jobs/${job.id}/history`)).body as JobHistoryEntry[]).map((entry) => entry.message);

    const recorded = await complete(152_140);
    const mileage = (await admin.get(`/api/mileage-records?vehicleId=${truck.body.id}`)).body as MileageRecord[];
    expect(mileage.map((record) => [record.jobId, record.startOdometer, record.endOdometer, record.driver])).toEqual([[recorded.id, 152_000, 152_140, owner]]);
    expect(await history(recorded)).not.toEqual(expect.arrayContaining([expect.stringContaining('not recorded')]));

    // Typed backwards on a phone nobody can ask again: the job completes, the truck keeps its reading, the job says so.
    const backwards = await complete(15_214);
    expect(((await admin.get(`/api/mileage-records?vehicleId=${truck.body.id}`)).body as MileageRecord[]).map((record) => record.jobId)).toEqual([recorded.id]);
    expect(await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: backwards.id })).toMatchObject({ status: 'Completed' });
    expect(await history(backwards)).toEqual(expect.arrayContaining([expect.stringMatching(/^Odometer 15,214 km not recorded on Recovery 1: .+\. Record it from the board\.$/)]));

    // Sam drives no truck of his own.
    const samsJob = await sos();
    for (const kind of ['take', 'onScene']) expect((await tap(sam, samsJob.id, { kind })).status).toBe(200);
    expect((await tap(sam, samsJob.id, { kind: 'complete', odometerKm: 99_000 })).status).toBe(200);
    expect(await history(samsJob)).toEqual(expect.arrayContaining(['Odometer 99,000 km not recorded on a truck: Sam has no truck of their own. Record it from the board.']));
  });
});
