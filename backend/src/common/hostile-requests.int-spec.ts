import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { gzipSync } from 'node:zlib';
import { JobEntity } from '@towing/db';
import { useSharedApi } from '../testing/use-shared-api.js';
import { bodyProblem, MAX_JSON_DEPTH } from './hostile-input.js';

const ANNOUNCEMENT = { title: 'Road closed', message: 'Millstream road is shut', type: 'info', active: true, showAsPopup: false, showInSidebar: true };
const deeplyNested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('hostile requests', () => {
  const api = useSharedApi();
  const countJobs = () => api.dataSource.getRepository(JobEntity).count();

  it('refuses a NUL byte in any text field with a 400 naming the field, and stores nothing', async () => {
    const before = await countJobs();
    for (const [body, field] of [
      [{ phone: '0412 345 678', situation: 'bogged\u0000' }, 'situation'],
      [{ phone: '0412 345 678', gps: { lat: -20.7, lng: 116.8, fixedAt: '2025-01-01T00:00:00Z\u0000' } }, 'gps.fixedAt'],
      [{ phone: '04\u000012 345 678' }, 'phone'],
    ] as const) {
      const response = await api.client().post('/api/sos', body, { 'Idempotency-Key': randomUUID() });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.errors).toEqual([{ field, message: 'must not contain a NUL character' }]);
    }
    const login = await api.client().post('/api/auth/login', { username: 'admin\u0000', password: 'x' });
    expect(login.body.errors).toEqual([{ field: 'username', message: 'must not contain a NUL character' }]);
    expect(await countJobs()).toBe(before);
  });

  it('refuses a NUL byte in the query or the path, naming it', async () => {
    const query = await api.client().get('/api/jobs/search?query=JOB-2025-1%00');
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([{ field: 'query', message: 'must not contain a NUL character' }]);
    const path = await (await api.adminClient()).request('PATCH', '/api/jobs/JOB%00-1', { status: 'En Route' });
    expect(path.status).toBe(400);
    expect(path.body.errors).toEqual([{ field: 'path', message: 'must not contain a NUL character' }]);
  });

  it('refuses JSON nested 5,000 deep with a 400 naming the field, before validating it', async () => {
    const response = await api.client().post('/api/sos', `{"phone":"0412 345 678","situation":${deeplyNested(5000)}}`, {
      'Idempotency-Key': randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'situation', message: `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` }]);
    const array = await api.client().post('/api/contact', `[${'['.repeat(4000)}${']'.repeat(4000)}]`);
    expect(array.status).toBe(400);
    expect(array.body.errors[0].field).toBe('body');
  });

  it('walks a deep body without recursion', () => {
    expect(bodyProblem(JSON.parse(deeplyNested(100_000)))).toEqual({ field: 'a', message: expect.stringMatching(/nested too deeply/) });
    expect(bodyProblem({ items: [{ description: 'ok', quantity: 1 }] })).toBeNull();
  });

  it('answers every 4xx in the one shape with errors[]', async () => {
    const cases = [
      await api.client().get('/api/no-such-route'),
      await api.client().get('/api/notifications'),
      await api.client().post('/api/sos', '{"phone": '),
      await api.client().request('POST', '/api/sos', gzipSync('{"phone":"0412 345 678"}'), { 'content-type': 'application/json', 'content-encoding': 'br, zstd' }),
      await api.client().request('POST', '/api/sos', Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
    ];
    for (const response of cases) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toEqual({
        statusCode: response.status,
        error: expect.any(String),
        message: expect.anything(),
        errors: expect.any(Array),
      });
    }
    for (const response of cases) expect(response.body.error).toBe(STATUS_CODES[response.status]);
    expect(cases[2]!.body.errors).toEqual([{ field: 'body', message: expect.any(String) }]);
    expect(cases[3]!.status).toBe(415);
    expect(cases[3]!.body.errors[0].field).toBe('body');
    expect(cases[4]!.body.errors[0].field).toBe('body');
  });

  it('answers a broken multipart upload with a 400 naming the photo field', async () => {
    const job = (await api.client().post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': 'multipart-test-key' })).body.job;
    const noBoundary = await api.client().request('POST', `/api/jobs/${job.id}/photos`, 'garbage', {
      'content-type': 'multipart/form-data',
      'idempotency-key': 'multipart-test-key',
    });
    const truncated = await api.client().request(
      'POST',
      `/api/jobs/${job.id}/photos`,
      '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
      { 'content-type': 'multipart/form-data; boundary=x', 'idempotency-key': 'multipart-test-key' },
    );
    const wrongField = await api.client().request(
      'POST',
      `/api/jobs/${job.id}/photos`,
      '--x\r\nContent-Disposition: form-data; name="other"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--x--\r\n',
      { 'content-type': 'multipart/form-data; boundary=x', 'idempotency-key': 'multipart-test-key' },
    );
    for (const response of [noBoundary, truncated, wrongField]) {
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ field: 'photo', message: expect.any(String) }]);
    }
  });

  it('refuses a row id out of range with a 400 naming the parameter, before the database sees it', async () => {
    const admin = await api.adminClient();
    const job = (await api.client().post('/api/sos', { phone: '0412 345 678' }, { 'Idempotency-Key': randomUUID() })).body.job;
    const outOfRange = [
      ['POST', '/api/bookings/99999999999/approve', 'id'],
      ['POST', '/api/bookings/2147483648/approve', 'id'],
      ['PUT', '/api/announcements/99999999999', 'id'],
      ['DELETE', '/api/announcements/0', 'id'],
      ['DELETE', '/api/vehicles/99999999999', 'id'],
      ['DELETE', '/api/service-records/1.5', 'id'],
      ['DELETE', '/api/fuel-records/abc', 'id'],
      ['GET', `/api/jobs/${job.id}/photos/99999999999`, 'photoId'],
      ['GET', `/api/jobs/${job.id}/photos/-1`, 'photoId'],
    ] as const;
    for (const [method, path, field] of outOfRange) {
      const response = await admin.request(method, path, method === 'PUT' ? ANNOUNCEMENT : undefined);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 400 });
      expect(response.body.errors).toEqual([{ field, message: 'must be a whole number from 1 to 2147483647' }]);
    }
    // The largest id PostgreSQL holds is an ordinary miss.
    expect((await admin.request('POST', '/api/bookings/2147483647/approve')).status).toBe(404);
    // Ids in a query or a body are held to the same range.
    const query = await admin.request('GET', '/api/service-records?vehicleId=9999999999');
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([{ field: 'vehicleId', message: 'vehicleId must be a vehicle id' }]);
    const body = await admin.request('POST', '/api/fuel-records', { vehicleId: 9_999_999_999 });
    expect(body.status).toBe(400);
    expect(body.body.errors).toContainEqual({ field: 'vehicleId', message: 'Vehicle is required' });
  });

  it('refuses a body that is not JSON on the jobs route with an Idempotency-Key as /api/sos does: 400, not 500, nothing stored', async () => {
    const before = await countJobs();
    for (const [body, type] of [['customerName=Kim&phone=0412345678', 'text/plain'], ['<job/>', 'application/xml'], ['["not","an","object"]', 'application/json']]) {
      const sos = await api.client().post('/api/sos', body, { 'content-type': type!, 'Idempotency-Key': randomUUID() });
      expect({ type, status: sos.status }).toEqual({ type, status: 400 });
      const jobs = await api.client().post('/api/jobs', body, { 'content-type': type!, 'Idempotency-Key': randomUUID() });
      expect({ type, status: jobs.status }).toEqual({ type, status: 400 });
      expect(jobs.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'body', message: 'must be a JSON object' }] });
    }
    const admin = await api.adminClient();
    const asAdmin = await admin.post('/api/jobs', 'plain words', { 'content-type': 'text/plain', 'Idempotency-Key': randomUUID() });
    expect(asAdmin.status).toBe(400);
    expect(asAdmin.body.errors).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
    expect(await countJobs()).toBe(before);
  });

  it('refuses __proto__ and constructor keys like any other unknown field, naming them, on every route', async () => {
    const before = await countJobs();
    const sos = (extra: string) => api.client().post('/api/sos', `{"phone":"0412 345 678",${extra}}`, { 'Idempotency-Key': randomUUID() });
    const admin = await api.adminClient();
    const cases = [
      [await sos('"__proto__":{"status":"Completed"}'), '__proto__'],
      [await sos('"constructor":{"prototype":{"admin":true}}'), 'constructor'],
      [await sos('"gps":{"lat":-20.7,"lng":116.8,"__proto__":{"x":1}}'), 'gps.__proto__'],
      [await api.client().post('/api/jobs', '{"customerName":"Kim","phone":"0412 345 678","constructor":1}'), 'constructor'],
      [await api.client().post('/api/contact', '{"firstName":"A","__proto__":{"role":"admin"}}'), '__proto__'],
      [await api.client().post('/api/auth/register', '{"username":"proto1","__proto__":{"role":"admin"}}'), '__proto__'],
      [await admin.request('PATCH', '/api/jobs/JOB-2025-1', '{"status":"En Route","constructor":{"name":"x"}}'), 'constructor'],
      [await api.client().get('/api/jobs/search?query=JOB-2025-1&__proto__=1'), '__proto__'],
      [await api.client().get('/api/jobs/search?query=JOB-2025-1&constructor[prototype]=1'), 'constructor[prototype]'],
    ] as const;
    for (const [response, field] of cases) {
      expect({ field, status: response.status }).toEqual({ field, status: 400 });
      expect(response.body.errors).toEqual([{ field, message: 'Unknown field' }]);
    }
    // The same answer as any other field no request declares.
    const unknown = await sos('"colour":"red"');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ field: 'colour', message: 'Unknown field' });
    expect(await countJobs()).toBe(before);
  });
});
