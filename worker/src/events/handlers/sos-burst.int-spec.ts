import { randomUUID } from 'node:crypto';
import type { Job, Notification } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, parseMail, leaseSharedStack, type SystemLease, TestClient } from '@towing/testkit';
import { FOLDED_EMAIL_REASON, FOLDED_REASON } from '../../notifications/sos-alert-throttle.js';
import { ALERT_TEXT_LIMITS } from './sos-created.handler.js';

const ONCALL = ['+61491570157', '+61491570158'];
const WINDOW_SECONDS = 3;

describe('an SOS flood: every SOS is accepted, what is texted is bounded', () => {
  let stack: SystemLease;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', {
      worker: true,
      workerEnv: { SOS_ALERT_WINDOW_SECONDS: String(WINDOW_SECONDS), SMS_PER_NUMBER_DAILY_LIMIT: '2', SMS_OVERSEAS_DAILY_LIMIT: '1' },
    });
  });
  afterAll(async () => {
    await stack?.release();
  });

  const sos = async (body: object, client = stack.api.client()) => {
    const response = await client.post('/api/sos', body, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  };
  const rowsFor = (jobId: string) => stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId });

  it('texts the owners one alert at once and then one summary, however many SOS arrive; caps the driver number', async () => {
    // Every caller's name is too long for the alert: whichever SOS the worker decides first (the
    // events are handled at once, so on a busy machine it need not be the first sent) has its cut short.
    const nameOf = (n: number) => `Caller ${n} ${'Robert Tables '.repeat(6).trim()}`;
    const first = await sos({ phone: '0412 345 678', customerName: nameOf(0) });
    const jobs = [first, ...(await Promise.all(Array.from({ length: 7 }, (_, n) => sos({ phone: '0412 345 678', customerName: nameOf(n + 1) }))))];
    const admin = await stack.api.adminClient();
    const board = (await admin.get('/api/jobs')).body as Job[];
    expect(jobs.every((job) => board.some((listed) => listed.id === job.id))).toBe(true);

    for (const phone of ONCALL) {
      const summary = await eventually(() => stack.twilio.to(phone).find((sms) => sms.body.startsWith('7 more SOS')), 20_000);
      expect(summary.body).toBe(`7 more SOS in the last ${WINDOW_SECONDS} seconds, see the board: ${stack.api.baseUrl}/admin`);
      const alerts = stack.twilio.to(phone).filter((sms) => sms.body.startsWith('SOS '));
      expect(alerts).toHaveLength(1);
    }
    const alert = stack.twilio.to(ONCALL[0]!).find((sms) => sms.body.startsWith('SOS '))!;
    const alerted = jobs.findIndex((job) => alert.body.startsWith(`SOS ${job.id}: `));
    expect(alerted).toBeGreaterThanOrEqual(0);
    expect(alert.body).toContain(`SOS ${jobs[alerted]!.id}: Caller ${alerted} Robert Tables`);
    expect(alert.body).toContain('…');
    expect(alert.body).not.toContain(nameOf(alerted).slice(0, ALERT_TEXT_LIMITS.customerName));
    const listed = jobs.filter((_, index) => index !== alerted);

    const notifications = (await admin.get('/api/notifications')).body as Notification[];
    const folded = notifications.filter((row) => row.status === 'refused' && row.error === FOLDED_REASON);
    expect(folded).toHaveLength(7 * ONCALL.length);

    // The office hears of the alerted SOS on its own and of the other seven in one email listing them.
    const officeMail = await eventually(async () => {
      const mails = await Promise.all(stack.smtp.to('office@towing.test').map(parseMail));
      return mails.some((mail) => mail.subject?.startsWith('URGENT: 7 more SOS')) ? mails : null;
    }, 20_000);
    expect(officeMail.filter((mail) => mail.subject?.startsWith('URGENT: SOS ')).map((mail) => mail.subject)).toEqual([expect.stringContaining(jobs[alerted]!.id)]);
    const summaryMail = officeMail.find((mail) => mail.subject?.startsWith('URGENT: 7 more SOS'))!;
    expect(summaryMail.subject).toBe(`URGENT: 7 more SOS in the last ${WINDOW_SECONDS} seconds`);
    for (const job of listed) expect(summaryMail.html).toContain(job.id);
    expect(summaryMail.html).not.toContain(jobs[alerted]!.id);
    expect(notifications.filter((row) => row.status === 'refused' && row.error === FOLDED_EMAIL_REASON)).toHaveLength(7);
    const driverTexts = await eventually(async () => {
      const rows = (await Promise.all(jobs.map((job) => rowsFor(job.id)))).flat().filter((row) => row.recipientPhone === '+61412345678');
      return rows.length === 8 && rows.every((row) => row.status !== 'pending' && row.status !== 'sending') ? rows : null;
    });
    expect(driverTexts.filter((row) => row.status === 'sent')).toHaveLength(2);
    const capped = driverTexts.filter((row) => row.status === 'refused');
    expect(capped).toHaveLength(6);
    expect(capped[0]!.error).toMatch(/SMS_PER_NUMBER_DAILY_LIMIT/);
    expect(stack.twilio.to('+61412345678')).toHaveLength(2);
  });

  it.each([
    ['a premium-rate number', '1900 123 456', /premium rate/],
    ['a satellite number', '+882 16 123456', /international network/],
    ['a shared-cost number', '1300 123 456', /shared cost/],
  ])('accepts an SOS from %s and never texts it, saying why in the log', async (_case, phone, reason) => {
    const job = await sos({ phone });
    const row = await eventually(async () => (await rowsFor(job.id)).find((candidate) => candidate.type === 'sms' && candidate.status === 'refused' && !ONCALL.includes(candidate.recipientPhone!)));
    expect(row.error).toMatch(reason);
    expect(stack.twilio.received.filter((sms) => sms.to === row.recipientPhone)).toHaveLength(0);
  });

  it('texts overseas numbers within the daily budget, all addresses together', async () => {
    const outcome = async (job: Job) =>
      eventually(async () => (await rowsFor(job.id)).find((row) => !ONCALL.includes(row.recipientPhone ?? '') && row.type === 'sms' && ['sent', 'refused'].includes(row.status)));
    expect((await outcome(await sos({ phone: '+44 7911 123456' }))).status).toBe('sent');
    // From another address: one address's SOS text overseas once a day anyway (SMS_OVERSEAS_SOURCE_DAILY_LIMIT).
    const refused = await outcome(await sos({ phone: '+64 21 123 456' }, new TestClient(stack.api.baseUrl, { localAddress: '127.0.0.2' })));
    expect(refused.status).toBe('refused');
    expect(refused.error).toMatch(/\(SMS_OVERSEAS_DAILY_LIMIT\)/);
  });
});
