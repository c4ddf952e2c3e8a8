import type { Booking, Job } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, leaseSharedStack, type SystemLease } from '@towing/testkit';

const CUSTOMER_PHONE = '0412 345 678';
const CUSTOMER_E164 = '+61412345678';
const perthDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date(Date.now() + offsetDays * 86_400_000));

describe('booking and job status messages, through the outbox and the worker', () => {
  let stack: SystemLease;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
  });
  afterAll(async () => {
    await stack?.release();
  });

  const smsTo = (phone: string, text: string) => stack.twilio.to(phone).filter((sms) => sms.body.includes(text));
  const mailTo = (address: string, text: string) => stack.smtp.to(address).filter((mail) => mail.raw.includes(text));

  async function book(email: string): Promise<Booking> {
    const response = await stack.api.client().post('/api/bookings', {
      customerName: 'Sam Walker',
      phone: CUSTOMER_PHONE,
      email,
      service: 'Winch Recovery',
      location: 'Millstream Road, 40 km south of Karratha',
      preferredDate: perthDay(3),
      preferredTime: '10:00 AM',
      urgency: 'same-day',
      description: 'Ute stuck at the bottom of a sandy creek bank',
    });
    expect(response.status).toBe(201);
    return response.body as Booking;
  }

  it('tells the office and the customer about a new booking, promising a reply within 30 minutes', async () => {
    const booking = await book('sam.new@example.com');
    const office = await eventually(() => {
      const found = mailTo('office@towing.test', `Booking #${booking.id}`);
      return found.length ? found : null;
    });
    expect(office).toHaveLength(1);
    expect(office[0].raw).toContain('SAME-DAY');
    const sms = await eventually(() => {
      const found = smsTo(CUSTOMER_E164, 'Winch Recovery');
      return found.length ? found : null;
    });
    expect(sms[0].body).toContain('within 30 minutes');
    await eventually(() => mailTo('sam.new@example.com', 'within 30 minutes').length === 1);
    const emails = (await (await stack.api.adminClient()).get('/api/emails')).body as Array<{ subject: string; customerInfo: { name?: string } | null }>;
    expect(emails.find((email) => email.subject.includes(`Booking #${booking.id}`))?.customerInfo?.name).toBe('Sam Walker');
  });

  it('texts and emails the job id and tracking link when a booking is approved', async () => {
    const booking = await book('sam.approved@example.com');
    const admin = await stack.api.adminClient();
    const approved = await admin.post(`/api/bookings/${booking.id}/approve`);
    expect(approved.status).toBe(200);
    const jobId = (approved.body.job as Job).id;
    const sms = await eventually(() => {
      const found = smsTo(CUSTOMER_E164, `job ${jobId}`);
      return found.length ? found : null;
    });
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(new RegExp(`${stack.api.baseUrl}/customer-portal\\?search=${jobId}&token=[A-Za-z0-9_-]{32}`));
    await eventually(() => mailTo('sam.approved@example.com', jobId).length === 1);
  });

  it('texts the customer for En Route (ETA and tracking link) and Completed (feedback link), nothing for Start Service', async () => {
    const admin = await stack.api.adminClient();
    const created = await admin.post('/api/jobs', {
      customerName: 'Rio Fleet',
      phone: CUSTOMER_PHONE,
      service: 'Engine Service',
      location: 'Tom Price mine gate',
      assignedTo: 'Dean',
      estimatedArrival: '2031-05-06T02:15:00.000Z',
    });
    const job = created.body.job as Job;
    await eventually(() => smsTo(CUSTOMER_E164, `${job.id} is booked`).length === 1);

    await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'En Route', progress: 25 });
    const enRoute = await eventually(() => {
      const found = smsTo(CUSTOMER_E164, `on the way for job ${job.id}`);
      return found.length ? found : null;
    });
    expect(enRoute[0].body).toContain('(Dean driving)');
    expect(enRoute[0].body).toContain('6 May 2031, 10:15');
    expect(enRoute[0].body).toMatch(/customer-portal\?search=/);

    await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'In Progress', progress: 50 });
    await admin.request('PATCH', `/api/jobs/${job.id}`, { status: 'Completed', progress: 100 });
    const done = await eventually(() => {
      const found = smsTo(CUSTOMER_E164, `job ${job.id} (Engine Service) is complete`);
      return found.length ? found : null;
    });
    expect(done[0].body).toMatch(new RegExp(`${stack.api.baseUrl}/feedback\\?job=${job.id}&token=[A-Za-z0-9_-]{32}`));
    const summary = await eventually(() => {
      const found = mailTo('office@towing.test', `Completed: ${job.id}`);
      return found.length ? found : null;
    });
    expect(summary[0].raw).toContain('Ready to invoice');
    expect(summary[0].raw).toContain('<h3>History</h3>');

    const rows = await eventually(async () => {
      const found = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
      return found.length === 4 && found.every((row) => row.status === 'sent') ? found : null;
    });
    // job created, en route and completed texts plus the office summary: Start Service sent nothing.
    expect(rows.map((row) => row.type).sort()).toEqual(['email', 'sms', 'sms', 'sms']);
  });
});
