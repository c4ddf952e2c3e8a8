import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { findJobWithToken } from '@towing/db';
import type { TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

const PRIVATE_FIELDS = ['phone', 'email', 'notes', 'gps'];

/** The API trusts the loopback proxy here, so each X-Forwarded-For is its own client. */
describe('customer job lookups', () => {
  const api = useSharedApi();
  const from = (address: string, path: string) => api.client().request('GET', path, undefined, { 'X-Forwarded-For': address });
  let first: Job;
  let second: Job;
  let other: Job;

  const sos = async (body: object, client: TestClient = api.client()) => {
    const response = await client.post('/api/sos', body, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  };
  const expectPublic = (job: object) => {
    for (const field of PRIVATE_FIELDS) expect(job).not.toHaveProperty(field);
  };

  beforeAll(async () => {
    first = await sos({ customerName: 'Dana Whitfield', phone: '0412 345 678', email: 'dana@example.com', situation: 'gate code 4411', gps: { lat: -20.73, lng: 116.84 } });
    second = await sos({ customerName: 'Dana Whitfield', phone: '+61 412 345 678', location: 'Karratha airport' });
    other = await sos({ customerName: 'Lee Park', phone: '0499 888 777', email: 'lee@example.com' });
  });

  it('shows a visitor a job by its id and the last four digits of its phone, in the public view only', async () => {
    const response = await api.client().get(`/api/jobs/search?query=${first.id.toLowerCase()}&last4=5678`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ job: { id: first.id, customerName: 'Dana Whitfield', status: 'Emergency' }, rated: false });
    expect(response.body.watchKey).toEqual(expect.any(String));
    expectPublic(response.body.job);
  });

  it('asks a visitor for the last four digits, and answers a wrong proof exactly like an unknown job', async () => {
    const bare = await api.client().get(`/api/jobs/search?query=${first.id}`);
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ field: 'last4', message: 'Enter the last 4 digits of the phone number on the job' }]);
    const wrong = await api.client().get(`/api/jobs/search?query=${first.id}&last4=0000`);
    const unknown = await api.client().get('/api/jobs/search?query=JOB-1999-1&last4=5678');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ job: null, watchKey: null, rated: false });
    expect(unknown.body).toEqual(wrong.body);
    expect((await api.client().get(`/api/jobs/search?query=${first.id}&last4=56`)).status).toBe(400);
  });

  it('finds nothing by a name or a phone number: no search feeds strangers other people\'s jobs', async () => {
    for (const query of ['dana%20whitfield', 'Emergency%20Recovery', encodeURIComponent('0412 345 678')]) {
      const response = await api.client().get(`/api/jobs/search?query=${query}&last4=5678`);
      expect(response.status).toBe(400);
      expect(response.text).not.toContain(first.id);
      expect((await api.client().get(`/api/jobs/lookup?query=${query}&last4=5678`)).text).not.toContain(first.id);
    }
  });

  it("opens the full view of one job with that job's tracking token, and only that job", async () => {
    const { trackingToken } = (await findJobWithToken(api.dataSource, first.id))!;
    expect(Buffer.from(trackingToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const full = await api.client().get(`/api/jobs/search?query=${first.id}&token=${trackingToken}`);
    expect(full.body.job).toMatchObject({ id: first.id, phone: '0412 345 678', email: 'dana@example.com' });
    expect((await api.client().get(`/api/jobs/search?query=${other.id}&token=${trackingToken}`)).body.job).toBeNull();
    expect((await api.client().get(`/api/jobs/search?query=${first.id}&token=${trackingToken.slice(0, -2)}xx`)).body.job).toBeNull();
  });

  it("lists the jobs under the phone of a job proven by its tracking link, without revealing the phone; the last four digits show that one job", async () => {
    const { trackingToken } = (await findJobWithToken(api.dataSource, first.id))!;
    const response = await api.client().get(`/api/jobs/lookup?query=${first.id}&token=${trackingToken}`);
    expect(response.status).toBe(200);
    expect(response.body.customer).toEqual({ name: 'Dana Whitfield', phone: null, email: null });
    expect(response.body.jobs.map((job: Job) => job.id)).toEqual([second.id, first.id]);
    expect(Object.keys(response.body.watchKeys).sort()).toEqual([first.id, second.id].sort());
    response.body.jobs.forEach(expectPublic);
    expect(response.text).not.toContain('412');

    const byDigits = await api.client().get(`/api/jobs/lookup?query=${first.id}&last4=5678`);
    expect(byDigits.body.jobs.map((job: Job) => job.id)).toEqual([first.id]);
    expect((await api.client().get(`/api/jobs/lookup?query=${first.id}&last4=1111`)).body).toEqual({ customer: null, jobs: [], watchKeys: {} });
  });

  it("answers a visitor's /api/me/jobs as signed out, without an error status", async () => {
    const response = await api.client().get('/api/me/jobs');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ customer: null, jobs: [], watchKeys: {} });
  });

  it("never lists a job to an account just because it registered with the job's phone or email", async () => {
    const customer = api.client();
    await customer.post('/api/auth/register', {
      username: 'not.lee',
      password: 'a-long-password',
      email: 'LEE@example.com',
      firstName: 'Lee',
      lastName: 'Park',
      phone: '0499 888 777',
    });
    await customer.post('/api/auth/login', { username: 'not.lee', password: 'a-long-password' });
    const response = await customer.get('/api/me/jobs');
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ name: 'Lee Park' });
    expect(response.body.jobs).toEqual([]);
    expect((await customer.get(`/api/jobs/search?query=${other.id}`)).status).toBe(400);
  });

  it('shows an account the jobs it sent while signed in, by id alone', async () => {
    const customer = api.client();
    await customer.post('/api/auth/register', { username: 'sam.reid', password: 'a-long-password', email: 'sam@example.com', firstName: 'Sam', lastName: 'Reid', phone: '0400 111 222' });
    await customer.post('/api/auth/login', { username: 'sam.reid', password: 'a-long-password' });
    const mine = await sos({ phone: '0400 111 222', customerName: 'Sam Reid' }, customer);
    const response = await customer.get('/api/me/jobs');
    expect(response.body.jobs.map((job: Job) => job.id)).toEqual([mine.id]);
    expect((await customer.get(`/api/jobs/search?query=${mine.id}`)).body.job).toMatchObject({ id: mine.id, phone: '0400 111 222' });
  });

  it('keeps the full job list for admins, who find any job by id alone', async () => {
    expect((await api.client().get('/api/jobs')).status).toBe(401);
    const admin = await api.adminClient();
    expect((await admin.get(`/api/jobs/search?query=${other.id}`)).body.job).toMatchObject({ id: other.id, phone: '0499 888 777' });
  });

  it("finds nothing by walking job ids in order with a known phone's last four digits", async () => {
    const attackersOwn = await sos({ phone: '0400 000 001' });
    const victim = await sos({ customerName: 'Alex Stranded', phone: '0412 246 813', gps: { lat: -22.3456, lng: 118.7654 } });
    const [, year, digits] = /^JOB-(\d{4})-(\d+)$/.exec(attackersOwn.id)!;
    // The next number after one's own job id, in the old sequential form and with a few tails.
    const next = `JOB-${year}-${BigInt(digits!.slice(0, -6)) + 1n}`;
    expect(victim.id.startsWith(next)).toBe(true);
    const guesses = [next, ...Array.from({ length: 8 }, (_, n) => `${next}${String(n).padStart(6, '0')}`), `JOB-${year}-${BigInt(digits!) + 1n}`];
    for (const [n, guess] of guesses.entries()) {
      const answer = await from(`198.51.100.${n + 1}`, `/api/jobs/search?query=${guess}&last4=6813`);
      expect(answer.body).toEqual({ job: null, watchKey: null, rated: false });
      expect((await from(`198.51.100.${n + 1}`, `/api/jobs/lookup?query=${guess}&last4=6813`)).text).not.toContain('Alex');
    }
  });

  it("counts wrong digits against the asker, never the job: one address's guesses do not lock the customer out", async () => {
    const target = await sos({ phone: '0412 999 999' });
    // The right digits give their try back: the owner re-reading the job never spends the guesses.
    expect((await from('203.0.113.5', `/api/jobs/search?query=${target.id}&last4=9999`)).body.job).toMatchObject({ id: target.id });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await from('192.0.2.44', `/api/jobs/search?query=${target.id}&last4=${String(1000 + n)}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Spent means spent for that asker: the right digits wait for the window too, from there.
    const right = await from('192.0.2.44', `/api/jobs/search?query=${target.id}&last4=9999`);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.text).not.toContain(target.id);
    // ...and for other jobs, existing or not: the limit tells nothing about a job.
    expect((await from('192.0.2.44', '/api/jobs/search?query=JOB-1999-77&last4=2000')).status).toBe(429);

    // The customer, at another address, with the digits or the tracking link, gets in at once.
    expect((await from('203.0.113.6', `/api/jobs/search?query=${target.id}&last4=9999`)).body.job).toMatchObject({ id: target.id });
    const { trackingToken } = (await findJobWithToken(api.dataSource, target.id))!;
    expect((await from('203.0.113.7', `/api/jobs/search?query=${target.id}&token=${trackingToken}`)).body.job).toMatchObject({ id: target.id, phone: '0412 999 999' });
    // The tracking link opens it even from the address whose tries are spent.
    expect((await from('192.0.2.44', `/api/jobs/search?query=${target.id}&token=${trackingToken}`)).body.job).toMatchObject({ id: target.id });
  });

  // Last: it spends the address's lookup allowance.
  it('limits lookups per address so job ids cannot be walked through', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 35; n += 1) statuses.push((await api.client().get(`/api/jobs/lookup?query=JOB-2000-${n}&last4=1234`)).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
    const limited = await api.client().get(`/api/jobs/search?query=${first.id}&last4=5678`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
