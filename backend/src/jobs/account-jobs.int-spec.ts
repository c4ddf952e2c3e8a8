import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { ClaimCodeEntity, findJobWithToken, OutboxEntity } from '@towing/db';
import type { TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';
import { CLAIM_CODE_ATTEMPTS } from './account-jobs.service.js';

describe('adding a job to an account', () => {
  const api = useSharedApi();
  let job: Job;
  let customer: TestClient;

  const issuedCode = async (jobId: string) => {
    const events = await api.dataSource.getRepository(OutboxEntity).find({ where: { name: 'claimCode.issued' }, order: { createdAt: 'DESC' } });
    return (events.find((event) => (event.payload as { jobId: string }).jobId === jobId)!.payload as { code: string }).code;
  };

  beforeAll(async () => {
    job = (await api.client().post('/api/sos', { phone: '0412 345 678', customerName: 'Kim Nguyen' }, { 'Idempotency-Key': randomUUID() })).body.job;
    customer = api.client();
    await customer.post('/api/auth/register', { username: 'kim', password: 'a-long-password', email: 'kim@example.com', firstName: 'Kim', lastName: 'Nguyen', phone: '0412 345 678' });
    await customer.post('/api/auth/login', { username: 'kim', password: 'a-long-password' });
  });

  it('needs a signed-in account', async () => {
    expect((await api.client().post(`/api/me/jobs/${job.id}/code`)).status).toBe(401);
  });

  it('texts a 6-digit code to the phone on the job, stored only as a hash, and links the job when it is entered', async () => {
    const sent = await customer.post(`/api/me/jobs/${job.id}/code`);
    expect(sent.status).toBe(202);
    expect(Date.parse(sent.body.expiresAt)).toBeGreaterThan(Date.now());
    const code = await issuedCode(job.id);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await api.dataSource.getRepository(ClaimCodeEntity).findOneByOrFail({ jobId: job.id });
    expect(stored.codeHash).not.toContain(code);

    expect((await customer.get('/api/me/jobs')).body.jobs).toEqual([]);
    const wrong = await customer.post(`/api/me/jobs/${job.id}/verify`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('code');
    const right = await customer.post(`/api/me/jobs/${job.id}/verify`, { code });
    expect(right.status).toBe(200);
    expect(right.body.jobs.map((listed: Job) => listed.id)).toEqual([job.id]);
  });

  it('spends a code after a few wrong tries', async () => {
    const other = (await api.client().post('/api/sos', { phone: '0412 000 001' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
    await customer.post(`/api/me/jobs/${other.id}/code`);
    const code = await issuedCode(other.id);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let n = 0; n < CLAIM_CODE_ATTEMPTS; n += 1) expect((await customer.post(`/api/me/jobs/${other.id}/verify`, { code: wrongCode })).status).toBe(400);
    expect((await customer.post(`/api/me/jobs/${other.id}/verify`, { code })).status).toBe(400);
  });

  it('answers a job id that does not exist exactly like one that does, and texts nobody', async () => {
    const before = await api.dataSource.getRepository(OutboxEntity).countBy({ name: 'claimCode.issued' });
    const response = await customer.post('/api/me/jobs/JOB-1999-5/code');
    expect(response.status).toBe(202);
    expect(Object.keys(response.body)).toEqual(['expiresAt']);
    expect(await api.dataSource.getRepository(OutboxEntity).countBy({ name: 'claimCode.issued' })).toBe(before);
  });

  it('links a job with its tracking token', async () => {
    const third = (await api.client().post('/api/sos', { phone: '0412 000 002' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
    expect((await customer.post('/api/me/jobs/claim', { jobId: third.id, token: 'guess' })).status).toBe(400);
    const { trackingToken } = (await findJobWithToken(api.dataSource, third.id))!;
    const claimed = await customer.post('/api/me/jobs/claim', { jobId: third.id, token: trackingToken });
    expect(claimed.status).toBe(200);
    expect(claimed.body.jobs.map((listed: Job) => listed.id)).toContain(third.id);
  });

  it('texts one job at most a few codes an hour, whoever asks', async () => {
    const target = (await api.client().post('/api/sos', { phone: '0412 000 003' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await customer.post(`/api/me/jobs/${target.id}/code`)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
