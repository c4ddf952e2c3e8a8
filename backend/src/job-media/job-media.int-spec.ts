import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { formatPerthDateTime, type Job, type JobMediaFields, type JobPhoto } from '@towing/contracts';
import { JobPhotoEntity } from '@towing/db';
import type { TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

let JPEG: Buffer;
let SIGNATURE: Buffer;

describe("the driver's photos and the customer's signature", () => {
  const api = useSharedApi();
  let admin: TestClient;
  let job: Job;

  beforeAll(async () => {
    [JPEG, SIGNATURE] = await Promise.all([
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer(),
      sharp({ create: { width: 300, height: 120, channels: 4, background: '#ffffff00' } }).png().toBuffer(),
    ]);
    admin = await api.adminClient();
    job = (await api.client().post('/api/sos', { phone: '0412 888 001' }, { 'Idempotency-Key': randomUUID() })).body.job as Job;
  });

  async function upload(fields: Partial<JobMediaFields>, key: string | null, bytes = JPEG, type = 'image/jpeg', client = admin) {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(bytes)], { type }), 'photo');
    const query = new URLSearchParams(fields as Record<string, string>).toString();
    const headers: Record<string, string> = { ...(client.cookie ? { cookie: client.cookie } : {}), ...(key ? { 'Idempotency-Key': key } : {}) };
    const response = await fetch(`${api.baseUrl}/api/jobs/${job.id}/media?${query}`, { method: 'POST', body: form, headers });
    return { status: response.status, body: await response.json() };
  }

  it('keeps the time the phone took the photo beside the time it arrived, once however often it is sent', async () => {
    const takenAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const key = randomUUID();
    const first = await upload({ kind: 'pickup', takenAt }, key);
    expect(first.status).toBe(201);
    const again = await upload({ kind: 'pickup', takenAt }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const photo = first.body.photo as JobPhoto;
    expect(photo).toMatchObject({ jobId: job.id, kind: 'pickup', takenAt, signedBy: null, contentType: 'image/jpeg' });
    expect(Date.parse(photo.createdAt)).toBeGreaterThan(Date.parse(takenAt));
    expect(await api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id })).toBe(1);

    const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as Array<{ message: string; actor: string }>;
    expect(history.filter((line) => line.message.startsWith('Photo at pickup'))).toEqual([
      expect.objectContaining({ message: `Photo at pickup taken at ${formatPerthDateTime(takenAt)}`, actor: 'admin' }),
    ]);
  });

  it('takes the signature only with the name of who signed, and lists it with the photos', async () => {
    const takenAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const unnamed = await upload({ kind: 'signature', takenAt, signedBy: '  ' }, randomUUID(), SIGNATURE, 'image/png');
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain('Please type the name of the person signing');

    const signed = await upload({ kind: 'signature', takenAt, signedBy: 'Robin Hale' }, randomUUID(), SIGNATURE, 'image/png');
    expect(signed.status).toBe(201);
    const photos = (await admin.get(`/api/jobs/${job.id}/photos`)).body as JobPhoto[];
    expect(photos.map((photo) => [photo.kind, photo.signedBy])).toEqual([
      ['pickup', null],
      ['signature', 'Robin Hale'],
    ]);
    const history = (await admin.get(`/api/jobs/${job.id}/history`)).body as Array<{ message: string }>;
    expect(history.map((line) => line.message)).toContain(`Vehicle released: signed by Robin Hale on the driver's phone at ${formatPerthDateTime(takenAt)}`);
  });

  it('refuses what is not an image, a send without an Idempotency-Key, and anyone but staff, storing nothing', async () => {
    const before = await api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id });
    const takenAt = new Date().toISOString();
    expect((await upload({ kind: 'dropoff', takenAt }, null)).status).toBe(400);
    expect((await upload({ kind: 'dropoff', takenAt }, randomUUID(), Buffer.from('<script>alert(1)</script>'), 'image/png')).status).toBe(415);
    expect((await upload({ kind: 'hood' as 'pickup', takenAt }, randomUUID())).status).toBe(400);
    expect((await upload({ kind: 'dropoff', takenAt }, randomUUID(), JPEG, 'image/jpeg', api.client())).status).toBe(401);
    expect(await api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id })).toBe(before);
  });
});
