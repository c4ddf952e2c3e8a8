import { randomUUID } from 'node:crypto';
import { JsonContains } from 'typeorm';
import { type Job, trackingPath } from '@towing/contracts';
import { findJobWithToken, JobEntity, OutboxEntity } from '@towing/db';
import { useSharedApi } from '../testing/use-shared-api.js';

const SOS = {
  customerName: 'Kim Nguyen',
  phone: '0412 345 678',
  email: 'kim@example.com',
  service: '4x4 Recovery',
  location: 'GPS: -20.736812, 116.846254',
  notes: 'EMERGENCY RECOVERY REQUEST\nVehicle: Hilux\nSituation: bogged in sand',
  status: 'Emergency',
  assignedTo: 'Unassigned',
  estimatedArrival: new Date(Date.now() + 30 * 60_000).toISOString(),
  progress: 0,
};

describe('POST /api/jobs', () => {
  const api = useSharedApi();

  const countJobs = () => api.dataSource.getRepository(JobEntity).count();

  it('stores an anonymous SOS as Emergency, Unassigned, 0% whatever the caller sent', async () => {
    const response = await api.client().post('/api/jobs', { ...SOS, status: 'Completed', assignedTo: 'Both', progress: 100 });
    expect(response.status).toBe(201);
    const { job } = response.body;
    expect(job.id).toMatch(/^JOB-\d{4}-\d+$/);
    expect(job).toMatchObject({ status: 'Emergency', assignedTo: 'Unassigned', progress: 0, customerName: 'Kim Nguyen' });
    const arrivesIn = new Date(job.estimatedArrival).getTime() - Date.now();
    expect(arrivesIn).toBeGreaterThan(28 * 60_000);
    expect(arrivesIn).toBeLessThan(31 * 60_000);
    const outbox = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'sos.created' });
    expect(outbox.map((row) => row.payload)).toContainEqual(expect.objectContaining({ jobId: job.id }));
  });

  it('fills the emergency defaults for blank fields', async () => {
    const response = await api.client().post('/api/jobs', { phone: '0412 345 679', customerName: ' ', location: '' });
    expect(response.status).toBe(201);
    expect(response.body.job).toMatchObject({ customerName: 'Emergency Recovery', location: 'Location pending', service: '4x4 Recovery' });
  });

  it('gives ids from the sequence, one apart, each with a 6-digit random tail', async () => {
    const first = await api.client().post('/api/jobs', { phone: '0412 000 001' });
    const second = await api.client().post('/api/jobs', { phone: '0412 000 002' });
    const number = (id: string) => Number(id.split('-')[2]!.slice(0, -6));
    expect(number(second.body.job.id)).toBe(number(first.body.job.id) + 1);
    expect(second.body.job.id).toMatch(/^JOB-\d{4}-\d{7,}$/);
  });

  it('creates one job for one Idempotency-Key, however often it is sent', async () => {
    const key = randomUUID();
    const before = await countJobs();
    const responses = await Promise.all(
      [1, 2, 3].map(() => api.client().post('/api/jobs', SOS, { 'Idempotency-Key': key })),
    );
    const ids = new Set(responses.map((response) => response.body.job.id));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(ids.size).toBe(1);
    expect(await countJobs()).toBe(before + 1);
    const again = await api.client().post('/api/jobs', SOS, { 'Idempotency-Key': key });
    expect(again.body.job.id).toBe([...ids][0]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it.each([
    ['no phone', { customerName: 'X' }, 'phone'],
    ['a wrong type', { phone: 412345678 }, 'phone'],
    ['an unknown field', { phone: '0412 345 678', isAdmin: true }, 'isAdmin'],
    ['a bad email', { phone: '0412 345 678', email: 'not-an-email' }, 'email'],
    ['an oversized field', { phone: '0412 345 678', location: 'x'.repeat(501) }, 'location'],
    ['progress out of range', { phone: '0412 345 678', progress: 101 }, 'progress'],
  ])('refuses %s with a 400 naming the field and stores nothing', async (_case, body, field) => {
    const before = await countJobs();
    const response = await api.client().post('/api/jobs', body);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await countJobs()).toBe(before);
  });

  it('answers malformed JSON with a 400 naming the body', async () => {
    const response = await api.client().post('/api/jobs', '{"phone": "04', {});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, errors: [{ field: 'body' }] });
  });

  it('answers a body over 100 kB with a 413 and stores nothing', async () => {
    const before = await countJobs();
    const response = await api.client().post('/api/jobs', { phone: '0412 345 678', notes: 'x'.repeat(120_000) });
    expect(response.status).toBe(413);
    expect(response.body.errors[0].field).toBe('body');
    expect(await countJobs()).toBe(before);
  });

  it('refuses the same Idempotency-Key with a different request, showing nothing of the first', async () => {
    const key = randomUUID();
    const first = await api.client().post('/api/jobs', SOS, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(SOS).reverse());
    expect((await api.client().post('/api/jobs', reordered, { 'Idempotency-Key': key })).status).toBe(201);
    const before = await countJobs();
    for (const attempt of [
      () => api.client().post('/api/jobs', { phone: '0499 000 111' }, { 'Idempotency-Key': key }),
      () => api.client().post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': key }),
    ]) {
      const response = await attempt();
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([{ field: 'Idempotency-Key', message: 'This Idempotency-Key was already used for a different request' }]);
      for (const secret of ['kim@example.com', '412 345 678', 'Kim Nguyen', first.body.job.id, 'Hilux']) expect(response.text).not.toContain(secret);
    }
    expect(await countJobs()).toBe(before);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const response = await api.client().post('/api/jobs', SOS, { 'Idempotency-Key': 'a b' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('Idempotency-Key');
  });

  it('lets an admin create a job with the status and assignee the admin chose', async () => {
    const admin = await api.adminClient();
    const response = await admin.post('/api/jobs', {
      customerName: 'Rio Fleet',
      phone: '0491 570 110',
      service: 'Engine Service',
      location: 'Tom Price mine gate',
      assignedTo: 'Both',
      status: 'Scheduled',
      notes: 'Gate code 4411',
    });
    expect(response.status).toBe(201);
    expect(response.body.job).toMatchObject({ status: 'Scheduled', assignedTo: 'Both', notes: 'Gate code 4411', vehicle: null, situation: null, gps: null });
    const outbox = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'job.created' });
    expect(outbox.map((row) => row.payload)).toContainEqual({ jobId: response.body.job.id });
  });

  it("checks an admin's job with the admin form's messages", async () => {
    const admin = await api.adminClient();
    const response = await admin.post('/api/jobs', { phone: '' });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(
      expect.arrayContaining([
        'customerName: Customer name is required',
        'phone: Phone number is required',
        'service: Service is required',
        'location: Location is required',
      ]),
    );
  });

  it('lists jobs newest first for admins only', async () => {
    expect((await api.client().get('/api/jobs')).status).toBe(401);
    const admin = await api.adminClient();
    const response = await admin.get('/api/jobs');
    expect(response.status).toBe(200);
    const times = response.body.map((job: { createdAt: string }) => job.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('counts for admins only every job the board lists, closed ones past its window too, but not held SOS', async () => {
    expect((await api.client().get('/api/jobs/count')).status).toBe(401);
    // Written as rows: one open, one closed long ago (outside the board's window), one held SOS.
    await api.dataSource.query(
      `INSERT INTO jobs (id, customer_name, phone, status, service, location, tracking_token, created_at, updated_at, held_at) VALUES
         ('JOB-COUNT-1', 'Open', '0412 000 001', 'Assigned', 'Engine Service', 'Karratha', 'count-token-1', now(), now(), NULL),
         ('JOB-COUNT-2', 'Old', '0412 000 002', 'Completed', 'Engine Service', 'Karratha', 'count-token-2', now() - interval '400 days', now() - interval '400 days', NULL),
         ('JOB-COUNT-3', 'Held', '0412 000 003', 'Emergency', '4x4 Recovery', 'Karratha', 'count-token-3', now(), now(), now())`,
    );
    const admin = await api.adminClient();
    const listed = ((await admin.get('/api/jobs')).body as Job[]).map((job) => job.id);
    expect(listed).toContain('JOB-COUNT-1');
    expect(listed).not.toContain('JOB-COUNT-2');
    const stored = await countJobs();
    const response = await admin.get('/api/jobs/count');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ total: stored - 1 });
  });
});

describe('POST /api/sos', () => {
  const api = useSharedApi();
  const FIX = { lat: -21.7145, lng: 117.9542, accuracyM: 12, fixedAt: '2026-11-23T01:02:03.000Z' };

  it('stores the vehicle, the situation and the fix in their own columns and writes nothing into the notes', async () => {
    const response = await api.client().post('/api/sos', {
      phone: '0412 345 678',
      customerName: 'Kim Nguyen',
      vehicle: 'Hilux',
      situation: 'Bogged to the axles',
      gps: FIX,
    });
    expect(response.status).toBe(201);
    const { job } = response.body;
    expect(job).toMatchObject({
      status: 'Emergency',
      assignedTo: 'Unassigned',
      progress: 0,
      phoneE164: '+61412345678',
      location: 'GPS: -21.714500, 117.954200',
      gps: FIX,
      vehicle: 'Hilux',
      situation: 'Bogged to the axles',
      notes: null,
    });
    const row = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
    expect([row.gpsLat, row.gpsLng, row.gpsAccuracyM, row.gpsFixedAt?.toISOString()]).toEqual([FIX.lat, FIX.lng, 12, FIX.fixedAt]);
    expect([row.vehicle, row.situation, row.notes]).toEqual(['Hilux', 'Bogged to the axles', null]);
    const outbox = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'sos.created' });
    expect(outbox.map((event) => event.payload)).toContainEqual(expect.objectContaining({ jobId: job.id }));
  });

  it("answers the sender with the job's tracking link, the one its text carries, the same on a replay", async () => {
    const key = randomUUID();
    const first = await api.client().post('/api/sos', { phone: '0412 345 679' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const { trackingToken } = (await findJobWithToken(api.dataSource, first.body.job.id))!;
    expect(first.body.trackingPath).toBe(trackingPath({ jobId: first.body.job.id, token: trackingToken }));
    const replay = await api.client().post('/api/sos', { phone: '0412 345 679' }, { 'Idempotency-Key': key });
    expect(replay.body.trackingPath).toBe(first.body.trackingPath);
  });

  it("stores the spec's defaults for blank answers in the columns, and the sender's own notes as notes", async () => {
    const response = await api.client().post('/api/sos', { phone: '0412 345 602', vehicle: ' ', situation: '', notes: ' Gate code 4411 ' });
    expect(response.status).toBe(201);
    expect(response.body.job).toMatchObject({ vehicle: 'Not specified', situation: 'Emergency recovery needed', notes: 'Gate code 4411', gps: null });
  });

  it("is an SOS whoever sends it: an admin's SOS records sos.created", async () => {
    const admin = await api.adminClient();
    const response = await admin.post('/api/sos', { phone: '0412 345 600', gps: { lat: -20.7, lng: 116.8 } });
    expect(response.status).toBe(201);
    expect(response.body.job.status).toBe('Emergency');
    const events = await api.dataSource.getRepository(OutboxEntity).findBy({ payload: { jobId: response.body.job.id } as object });
    expect(events.map((event) => event.name)).toEqual(['sos.created']);
  });

  it('refuses a fix that is not on Earth with a 400 naming the field, and stores nothing', async () => {
    const before = await api.dataSource.getRepository(JobEntity).count();
    const response = await api.client().post('/api/sos', { phone: '0412 345 678', gps: { lat: 91, lng: 'east' } });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining(['gps.lat', 'gps.lng']));
    expect(await api.dataSource.getRepository(JobEntity).count()).toBe(before);
  });

  it.each([
    ['one the phone rule reads', '+61 (0) 412 - 345 - 678', '+61412345678'],
    ['30 characters it cannot read', '+61 (0) 412 - 345 - 678 - 0000', null],
  ])('stores a long typed phone, %s, exactly as typed', async (_case, phone, phoneE164) => {
    const response = await api.client().post('/api/sos', { phone });
    expect(response.status).toBe(201);
    const row = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: response.body.job.id });
    expect([row.phone, row.phoneE164]).toEqual([phone, phoneE164]);
  });

  it('refuses a phone of 31 characters with a 400 naming the field, and stores nothing', async () => {
    const before = await api.dataSource.getRepository(JobEntity).count();
    const response = await api.client().post('/api/sos', { phone: '+61 (0) 412 - 345 - 678 - 00000' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'phone', message: 'Please enter a valid phone number' }]);
    expect(await api.dataSource.getRepository(JobEntity).count()).toBe(before);
  });

  it("takes the spec's emergency payload on POST /api/jobs, blank optional strings included, as the same command", async () => {
    const response = await api.client().post('/api/jobs', {
      customerName: '',
      phone: '0412 345 678',
      email: '',
      service: '4x4 Recovery',
      location: 'GPS: -20.736812, 116.846254',
      notes: 'EMERGENCY RECOVERY REQUEST\nGPS: -20.736812, 116.846254\nVehicle: Not specified\nSituation: Emergency recovery needed',
      status: 'Emergency',
      assignedTo: 'Unassigned',
      estimatedArrival: new Date(Date.now() + 30 * 60_000).toISOString(),
      progress: 0,
    });
    expect(response.status).toBe(201);
    expect(response.body.job).toMatchObject({
      customerName: 'Emergency Recovery',
      email: null,
      gps: { lat: -20.736812, lng: 116.846254, accuracyM: null },
      vehicle: 'Not specified',
      situation: 'Emergency recovery needed',
      notes: null,
    });
  });

  it("makes the spec payload's notes into the same job the SOS command makes, keeping only the sender's own lines as notes", async () => {
    const fixedAt = new Date().toISOString();
    const command = await api.client().post('/api/sos', {
      phone: '0412 345 603',
      customerName: 'Kim Nguyen',
      location: 'Maitland River crossing',
      vehicle: '2019 Hilux, white',
      situation: 'Bogged to the axles',
      notes: 'Two passengers, one injured',
      gps: { lat: -20.736214, lng: 116.846383, fixedAt },
    });
    const alias = await api.client().post('/api/jobs', {
      phone: '0412 345 603',
      customerName: 'Kim Nguyen',
      service: '4x4 Recovery',
      location: 'Maitland River crossing',
      notes: [
        'EMERGENCY RECOVERY REQUEST',
        'GPS: -20.736214, 116.846383',
        'Vehicle: 2019 Hilux, white',
        'Situation: Bogged to the axles',
        'Google Maps: https://maps.google.com/?q=-20.736214,116.846383',
        'Two passengers, one injured',
      ].join('\n'),
      status: 'Emergency',
      assignedTo: 'Unassigned',
      progress: 0,
    });
    expect([command.status, alias.status]).toEqual([201, 201]);
    const same = (job: Job) => ({ ...job, id: undefined, createdAt: undefined, updatedAt: undefined, estimatedArrival: undefined, gps: { ...job.gps, fixedAt: undefined } });
    expect(same(alias.body.job)).toEqual(same(command.body.job));
    expect(alias.body.job).toMatchObject({ vehicle: '2019 Hilux, white', situation: 'Bogged to the axles', notes: 'Two passengers, one injured' });
    const events = await api.dataSource.getRepository(OutboxEntity).findBy({ payload: JsonContains({ jobId: alias.body.job.id }) });
    expect(events.map((event) => event.name)).toEqual(['sos.created']);
  });

  it("treats the spec's emergency payload from a signed-in admin as an SOS too", async () => {
    const admin = await api.adminClient();
    const response = await admin.post('/api/jobs', { phone: '0412 345 601', status: 'Emergency', email: '' });
    expect(response.status).toBe(201);
    const events = await api.dataSource.getRepository(OutboxEntity).findBy({ payload: { jobId: response.body.job.id } as object });
    expect(events.map((event) => event.name)).toEqual(['sos.created']);
  });
});
