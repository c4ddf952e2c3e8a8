import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { useApi } from '../testing/api-stack.js';
import { findJobWithToken } from './tracking-link.js';

const PRIVATE_FIELDS = ['phone', 'email', 'notes'];

describe('customer job lookups', () => {
  const api = useApi();
  let first: Job;
  let second: Job;
  let other: Job;

  const sos = async (body: object) => {
    const response = await api.client().post('/api/jobs', body, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  };

  beforeAll(async () => {
    first = await sos({ customerName: 'Dana Whitfield', phone: '0412 345 678', email: 'dana@example.com', notes: 'gate code 4411' });
    second = await sos({ customerName: 'Dana Whitfield', phone: '+61 412 345 678', location: 'Karratha airport' });
    other = await sos({ customerName: 'Lee Park', phone: '0499 888 777', email: 'lee@example.com' });
  });

  const expectPublic = (job: object) => {
    for (const field of PRIVATE_FIELDS) expect(job).not.toHaveProperty(field);
  };

  it('finds a job by id, in any letter case, in the public view only', async () => {
    const response = await api.client().get(`/api/jobs/search?query=${first.id.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.job).toMatchObject({ id: first.id, customerName: 'Dana Whitfield', status: 'Emergency' });
    expectPublic(response.body.job);
  });

  it('finds the newest job by phone, however the number is written', async () => {
    const response = await api.client().get(`/api/jobs/search?query=${encodeURIComponent('0412345678')}`);
    expect(response.body.job.id).toBe(second.id);
    expectPublic(response.body.job);
  });

  it("never shows a stranger who searches by name the customer's phone, email or notes", async () => {
    const response = await api.client().get('/api/jobs/search?query=dana%20whitfield');
    expect(response.status).toBe(200);
    expect(response.body.job.id).toBe(second.id);
    expectPublic(response.body.job);
    expect(response.text).not.toContain('412');
    expect(response.text).not.toContain('dana@example.com');
  });

  it("opens the full view of one job with that job's tracking token, and only that job", async () => {
    const { trackingToken } = (await findJobWithToken(api.dataSource, first.id))!;
    expect(Buffer.from(trackingToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const full = await api.client().get(`/api/jobs/search?query=${first.id}&token=${trackingToken}`);
    expect(full.body.job).toMatchObject({ id: first.id, phone: '0412 345 678', email: 'dana@example.com', notes: 'gate code 4411' });

    const elsewhere = await api.client().get(`/api/jobs/search?query=${other.id}&token=${trackingToken}`);
    expectPublic(elsewhere.body.job);
    const wrong = await api.client().get(`/api/jobs/search?query=${first.id}&token=${trackingToken.slice(0, -2)}xx`);
    expectPublic(wrong.body.job);
  });

  it("answers null for a job nobody has and asks for a query when there is none", async () => {
    expect((await api.client().get('/api/jobs/search?query=JOB-1999-1')).body).toEqual({ job: null });
    const empty = await api.client().get('/api/jobs/search?query=%20');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'query', message: 'Enter Job ID or Name' }]);
  });

  it("lists a customer's jobs by phone, echoing only the number they typed", async () => {
    const response = await api.client().get(`/api/jobs/lookup?query=${encodeURIComponent('0412 345 678')}`);
    expect(response.status).toBe(200);
    expect(response.body.customer).toEqual({ name: 'Dana Whitfield', phone: '0412 345 678', email: null });
    expect(response.body.jobs.map((job: Job) => job.id)).toEqual([second.id, first.id]);
    response.body.jobs.forEach(expectPublic);
  });

  it('lists the same jobs from a job id without revealing the phone behind it', async () => {
    const response = await api.client().get(`/api/jobs/lookup?query=${first.id}`);
    expect(response.body.customer).toEqual({ name: 'Dana Whitfield', phone: null, email: null });
    expect(response.body.jobs.map((job: Job) => job.id)).toEqual([second.id, first.id]);
    expect(response.text).not.toContain('412');
    expect((await api.client().get('/api/jobs/lookup?query=Lee%20Park')).body).toEqual({ customer: null, jobs: [] });
  });

  it("gives a signed-in customer the jobs under their account's phone or email", async () => {
    expect((await api.client().get('/api/me/jobs')).status).toBe(401);
    const customer = api.client();
    const registered = await customer.post('/api/auth/register', {
      username: 'lee.park',
      password: 'a-long-password',
      email: 'LEE@example.com',
      firstName: 'Lee',
      lastName: 'Park',
      phone: '0400 000 000',
    });
    expect(registered.status).toBeLessThan(300);
    await customer.post('/api/auth/login', { username: 'lee.park', password: 'a-long-password' });
    const response = await customer.get('/api/me/jobs');
    expect(response.status).toBe(200);
    expect(response.body.customer).toMatchObject({ name: 'Lee Park', email: 'LEE@example.com' });
    expect(response.body.jobs.map((job: Job) => job.id)).toEqual([other.id]);
  });

  it('keeps the full job list for admins', async () => {
    expect((await api.client().get('/api/jobs')).status).toBe(401);
  });

  // Last: it spends the address's lookup allowance.
  it('limits lookups per address so phone numbers cannot be walked through', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 35; n += 1) {
      statuses.push((await api.client().get(`/api/jobs/lookup?query=0412000${String(n).padStart(3, '0')}`)).status);
    }
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
    const limited = await api.client().get(`/api/jobs/search?query=${first.id}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
