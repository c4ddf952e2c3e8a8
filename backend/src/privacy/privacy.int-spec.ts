import type { Job, PrivacyErasure, PrivacyExport } from '@towing/contracts';
import { InboundSmsEntity, InvoiceEntity, JobEntity, JobMessageEntity, JobPhotoEntity, NotificationEntity, UserEntity } from '@towing/db';
import { TestClient as Client } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('a customer’s data: export and erasure', () => {
  const api = useSharedApi();
  let admin: Client;
  let customer: Client;
  let accountId: number;
  let job: Job;
  let other: Job;
  let invoiceId: number;

  beforeAll(async () => {
    admin = await api.adminClient();
    const create = async (customerName: string, phone: string, email: string) =>
      (await admin.post('/api/jobs', { customerName, phone, email, service: '4x4 Recovery', location: 'Millstream Rd, 12 km past the creek' })).body.job as Job;
    job = await create('Kim Nguyen', '0412 345 678', 'kim@example.com');
    other = await create('Lee Park', '0498 765 432', 'lee@example.com');
    await api.dataSource.getRepository(JobPhotoEntity).save({ jobId: job.id, contentType: 'image/jpeg', size: 3, data: Buffer.from([1, 2, 3]) });
    await api.dataSource.getRepository(NotificationEntity).save({ dedupeKey: `test:sms:${job.id}`, jobId: job.id, type: 'sms', status: 'sent', recipientPhone: '+61412345678', message: 'Help is on the way, Kim' });
    const invoice = await api.dataSource.getRepository(InvoiceEntity).save({
      number: 'INV-2026-900', kind: 'balance', jobId: job.id, customerName: 'Kim Nguyen', customerEmail: 'kim@example.com', customerPhone: '0412 345 678',
      customerPhoneE164: '+61412345678', amount: 22000, gstAmount: 2000, lineItems: [{ description: 'Recovery', quantity: 1, unitPrice: 22000, total: 22000 }],
    });
    invoiceId = invoice.id;
    await api.dataSource.getRepository(JobMessageEntity).save({ jobId: job.id, direction: 'inbound', body: 'By the red ute past the creek', author: null });
    await api.dataSource.getRepository(InboundSmsEntity).save({ messageSid: 'SM-privacy-1', fromPhone: '+61412345678', body: 'By the red ute past the creek', kind: 'thread', jobId: job.id, reply: null });
    customer = new Client(api.baseUrl);
    const registered = await customer.post('/api/auth/register', { username: 'kimn', password: 'a-long-password-9', email: 'kim@example.com', firstName: 'Kim', lastName: 'Nguyen', phone: '0412 345 678' });
    expect(registered.status).toBe(201);
    accountId = (registered.body as { user: { id: number } }).user.id;
  });

  it('is for admins only and needs a phone or an email', async () => {
    expect((await api.client().get('/api/privacy/export?phone=0412345678')).status).toBe(401);
    expect((await api.client().post('/api/privacy/erase', { phone: '0412345678' })).status).toBe(401);
    const neither = await admin.get('/api/privacy/export');
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual([{ field: 'phone', message: 'Give a phone number or an email address' }]);
    expect((await admin.get('/api/privacy/export?email=not-an-address')).status).toBe(400);
  });

  it('exports everything held about one phone number, in any way it was typed, and nothing of anyone else', async () => {
    const answer = await admin.get(`/api/privacy/export?phone=${encodeURIComponent('+61 412 345 678')}`);
    expect(answer.status).toBe(200);
    const exported = answer.body as PrivacyExport;
    expect(exported.records.jobs!.map((row) => row.id)).toEqual([job.id]);
    expect(exported.records.invoices!.map((row) => row.number)).toEqual(['INV-2026-900']);
    expect(exported.records.notifications!.map((row) => row.message)).toEqual(['Help is on the way, Kim']);
    expect(exported.records.job_photos).toHaveLength(1);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('Lee Park');
    expect(text).not.toContain('tracking_token');
    expect(exported.records.job_photos![0]).not.toHaveProperty('data');

    const byEmail = (await admin.get('/api/privacy/export?email=KIM@example.com')).body as PrivacyExport;
    expect(byEmail.records.jobs!.map((row) => row.id)).toEqual([job.id]);
  });

  it('erases a customer: jobs anonymised, photos removed, messages blanked, invoices kept', async () => {
    const answer = await admin.post('/api/privacy/erase', { email: 'kim@example.com' });
    expect(answer.status).toBe(200);
    // The notification, the job's thread message, the text they sent and their account.
    expect(answer.body as PrivacyErasure).toEqual({ jobsAnonymised: 1, photosRemoved: 1, recordsAnonymised: 4, invoicesKept: 1 });

    const erased = await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
    expect(erased).toEqual(expect.objectContaining({ customerName: 'Anonymised', phone: 'Anonymised', phoneE164: null, email: null, location: 'Anonymised', notes: null, status: job.status }));
    expect(erased.anonymisedAt).toBeInstanceOf(Date);
    expect(await api.dataSource.getRepository(JobPhotoEntity).countBy({ jobId: job.id })).toBe(0);
    expect(await api.dataSource.getRepository(NotificationEntity).findOneByOrFail({ jobId: job.id })).toEqual(
      expect.objectContaining({ recipientPhone: null, message: 'Anonymised' }),
    );
    expect(await api.dataSource.getRepository(JobMessageEntity).findOneByOrFail({ jobId: job.id })).toEqual(expect.objectContaining({ body: 'Anonymised' }));
    expect(await api.dataSource.getRepository(InboundSmsEntity).findOneByOrFail({ messageSid: 'SM-privacy-1' })).toEqual(
      expect.objectContaining({ fromPhone: 'Anonymised', body: 'Anonymised' }),
    );
    const account = await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: accountId });
    expect(account).toEqual(expect.objectContaining({ firstName: 'Anonymised', lastName: null, phone: null, isActive: false }));
    expect(account.email).not.toContain('kim');
    // Signed out, and the account cannot be used again.
    expect((await customer.get('/api/auth/me')).body?.user ?? null).toBeNull();
    // The tax invoice stays whole for its five years.
    expect(await api.dataSource.getRepository(InvoiceEntity).findOneByOrFail({ id: invoiceId })).toEqual(
      expect.objectContaining({ customerName: 'Kim Nguyen', customerEmail: 'kim@example.com', amount: 22000, anonymisedAt: null }),
    );
    // Nobody else was touched.
    expect(await api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: other.id })).toEqual(expect.objectContaining({ customerName: 'Lee Park', anonymisedAt: null }));
    // The job is no longer found by the phone it had.
    expect(((await admin.get('/api/privacy/export?phone=0412345678')).body as PrivacyExport).records.jobs).toEqual([]);
  });
});
