import { randomUUID } from 'node:crypto';
import type { Job } from '@towing/contracts';
import { useApi } from '../testing/api-stack.js';
import { JobPhotoEntity } from './job-photo.entity.js';
import { findJobWithToken } from './tracking-link.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);

describe('SOS photos', () => {
  const api = useApi();
  let job: Job;
  const key = randomUUID();

  beforeAll(async () => {
    job = (await api.client().post('/api/jobs', { phone: '0412 345 678' }, { 'Idempotency-Key': key })).body.job;
  });

  const countPhotos = () => api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id });

  async function upload(bytes: Buffer, type: string, headers: Record<string, string> = { 'Idempotency-Key': key }, query = '') {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type }), 'scene');
    const response = await fetch(`${api.baseUrl}/api/jobs/${job.id}/photos${query}`, { method: 'POST', body: form, headers });
    return { status: response.status, body: await response.json() };
  }

  it("stores the sender's photo with the job and shows it to admins", async () => {
    const response = await upload(PNG, 'image/png');
    expect(response.status).toBe(201);
    expect(response.body.photo).toMatchObject({ jobId: job.id, contentType: 'image/png', size: PNG.length });

    const admin = await api.adminClient();
    const list = await admin.get(`/api/jobs/${job.id}/photos`);
    expect(list.body).toEqual([response.body.photo]);
    const file = await fetch(`${api.baseUrl}${response.body.photo.url}`, { headers: { cookie: admin.cookie! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('accepts the tracking token as proof too', async () => {
    const { trackingToken } = (await findJobWithToken(api.dataSource, job.id))!;
    expect((await upload(JPEG, 'image/jpeg', {}, `?token=${trackingToken}`)).status).toBe(201);
  });

  it('refuses anyone who cannot prove they sent the SOS', async () => {
    const before = await countPhotos();
    expect((await upload(PNG, 'image/png', {})).status).toBe(403);
    expect((await upload(PNG, 'image/png', { 'Idempotency-Key': randomUUID() })).status).toBe(403);
    expect((await upload(PNG, 'image/png', {}, '?token=guess')).status).toBe(403);
    expect(await countPhotos()).toBe(before);
  });

  it('keeps the photos away from the public', async () => {
    expect((await api.client().get(`/api/jobs/${job.id}/photos`)).status).toBe(401);
    expect((await api.client().get(`/api/jobs/${job.id}/photos/1`)).status).toBe(401);
  });

  it.each([
    ['a text file', Buffer.from('hello there'), 'text/plain'],
    ['a PDF', Buffer.from('%PDF-1.7'), 'application/pdf'],
    ['a file claiming to be PNG that is not', Buffer.from('<svg onload=alert(1)>'), 'image/png'],
  ])('answers %s with a 415 naming the photo and stores nothing', async (_case, bytes, type) => {
    const before = await countPhotos();
    const response = await upload(bytes, type);
    expect(response.status).toBe(415);
    expect(response.body.errors).toEqual([{ field: 'photo', message: 'Photos must be JPEG, PNG, WebP or HEIC images' }]);
    expect(await countPhotos()).toBe(before);
  });

  it('answers a photo over 10 MB with a 413 and stores nothing', async () => {
    const before = await countPhotos();
    const tooBig = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(tooBig, 'image/jpeg');
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual([{ field: 'photo', message: 'Photos can be at most 10 MB' }]);
    expect(await countPhotos()).toBe(before);
  });

  it('wants multipart with a photo in it', async () => {
    const json = await api.client().post(`/api/jobs/${job.id}/photos`, { photo: 'x' }, { 'Idempotency-Key': key });
    expect(json.status).toBe(415);
    const form = new FormData();
    const empty = await fetch(`${api.baseUrl}/api/jobs/${job.id}/photos`, { method: 'POST', body: form, headers: { 'Idempotency-Key': key } });
    expect(empty.status).toBe(400);
  });

  it('answers 404 for a job that does not exist', async () => {
    const response = await fetch(`${api.baseUrl}/api/jobs/JOB-1999-1/photos`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'scene');
        return form;
      })(),
      headers: { 'Idempotency-Key': key },
    });
    expect(response.status).toBe(404);
  });

  it('holds at most 5 photos per job', async () => {
    while ((await countPhotos()) < 5) expect((await upload(PNG, 'image/png')).status).toBe(201);
    expect((await upload(PNG, 'image/png')).status).toBe(409);
    expect(await countPhotos()).toBe(5);
  });
});
