import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Job } from '@towing/contracts';
import { JobEntity, JobPhotoEntity, findJobWithToken } from '@towing/db';
import { useSharedApi } from '../testing/use-shared-api.js';

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#b45309' } });
/** Taken on the Millstream road: 21 deg 35' 30" S, 117 deg 4' 12" E. */
const PHOTO_GPS = { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '21/1 35/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '117/1 4/1 12/1' } };
let PNG: Buffer;
let JPEG: Buffer;
let JPEG_WITH_GPS: Buffer;

describe('SOS photos', () => {
  const api = useSharedApi();
  let job: Job;
  const key = randomUUID();

  beforeAll(async () => {
    [PNG, JPEG, JPEG_WITH_GPS] = await Promise.all([
      picture().png().toBuffer(),
      picture().jpeg().toBuffer(),
      picture().jpeg().withExif({ IFD0: { Artist: 'Dana Whitfield', Copyright: 'secret serial 12345' }, ...PHOTO_GPS }).toBuffer(),
    ]);
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
    expect(response.body.photo).toMatchObject({ jobId: job.id, contentType: 'image/png' });

    const admin = await api.adminClient();
    const list = await admin.get(`/api/jobs/${job.id}/photos`);
    expect(list.body).toEqual([response.body.photo]);
    const file = await fetch(`${api.baseUrl}${response.body.photo.url}`, { headers: { cookie: admin.cookie! } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const stored = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it("stores a re-encoded copy without metadata and keeps the original's GPS on the job", async () => {
    const response = await upload(JPEG_WITH_GPS, 'image/jpeg');
    expect(response.status).toBe(201);
    const admin = await api.adminClient();
    const file = Buffer.from(await (await fetch(`${api.baseUrl}${response.body.photo.url}`, { headers: { cookie: admin.cookie! } })).arrayBuffer());
    const stored = await sharp(file).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(file.includes('secret serial')).toBe(false);
    const row = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
    expect(row.photoGpsLat).toBeCloseTo(-(21 + 35 / 60 + 30 / 3600), 6);
    expect(row.photoGpsLng).toBeCloseTo(117 + 4 / 60 + 12 / 3600, 6);
    const listed = (await admin.get('/api/jobs')).body.find((listedJob: Job) => listedJob.id === job.id);
    expect(listed.photoGps).toEqual({ lat: row.photoGpsLat, lng: row.photoGpsLng });
  });

  it('accepts the tracking token as proof too', async () => {
    const { trackingToken } = (await findJobWithToken(api.dataSource, job.id))!;
    expect((await upload(JPEG, 'image/jpeg', {}, `?token=${trackingToken}`)).status).toBe(201);
  });

  it('refuses anyone who cannot prove they sent the SOS exactly as it answers a job that does not exist', async () => {
    const before = await countPhotos();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'scene');
    const unknown = await fetch(`${api.baseUrl}/api/jobs/JOB-1999-1/photos`, { method: 'POST', body: form, headers: { 'Idempotency-Key': randomUUID() } });
    const unknownBody = await unknown.json();
    expect(unknown.status).toBe(404);
    for (const refused of [
      await upload(PNG, 'image/png', {}),
      await upload(PNG, 'image/png', { 'Idempotency-Key': randomUUID() }),
      await upload(PNG, 'image/png', {}, '?token=guess'),
    ]) {
      expect(refused).toEqual({ status: unknown.status, body: unknownBody });
    }
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
    ['a PNG header followed by HTML', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]), 'image/png'],
    ['a JPEG header followed by HTML', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]), 'image/jpeg'],
    ['a HEIC photo (not decodable here)', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]), 'image/heic'],
  ])('answers %s with a 415 naming the photo and stores nothing', async (_case, bytes, type) => {
    const before = await countPhotos();
    const response = await upload(bytes, type);
    expect(response.status).toBe(415);
    expect(response.body.errors).toEqual([{ field: 'photo', message: 'Photos must be JPEG, PNG or WebP images' }]);
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
