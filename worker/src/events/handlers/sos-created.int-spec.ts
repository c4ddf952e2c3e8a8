import { randomUUID } from 'node:crypto';
import { JsonContains } from 'typeorm';
import type { Email, Job, LiveStats, Notification } from '@towing/contracts';
import { NotificationEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, parseMail, SocketListener, leaseSharedStack, type SystemLease } from '@towing/testkit';

const DRIVER_PHONE = '0412 345 678';
const DRIVER_E164 = '+61412345678';
const ONCALL = ['+61491570157', '+61491570158'];

describe('SOS, end to end through the outbox, the queue and the worker', () => {
  let stack: SystemLease;
  let admin: SocketListener;
  let stranger: SocketListener;
  /** A public page showing the Live Status card. */
  let visitor: SocketListener;

  beforeAll(async () => {
    // Every SOS here alerts the owners in full; the burst summary has its own test (sos-burst.int-spec).
    stack = await leaseSharedStack('system', { worker: true, workerEnv: { SOS_ALERT_WINDOW_SECONDS: '0' } });
    const adminClient = await stack.api.adminClient();
    admin = await new SocketListener(stack.api.baseUrl, adminClient.cookie).connected();
    expect(await admin.watchLog('notifications')).toEqual({ ok: true });
    expect(await admin.watchLog('emails')).toEqual({ ok: true });
    stranger = await new SocketListener(stack.api.baseUrl).connected();
    expect(await stranger.watchLog('notifications')).toEqual({ ok: false, error: 'Only an admin can watch a log' });
    visitor = await new SocketListener(stack.api.baseUrl).connected();
    expect(await visitor.watchStats()).toEqual({ ok: true });
  });
  afterAll(async () => {
    admin?.close();
    stranger?.close();
    visitor?.close();
    await stack?.release();
  });

  /**
   * Every message the SOS caused (3 texts, 1 email) has reached the board watching the log with
   * its outcome, sent. A send that failed once and was retried is pushed twice, failed then
   * sent: the last push of each is what the board shows.
   */
  async function everyOutcomePushed(jobId: string): Promise<Notification[]> {
    const shown = () => {
      const latest = new Map<number, Notification>();
      for (const pushed of admin.received<Notification>('notification:updated', (notification) => notification.jobId === jobId)) latest.set(pushed.id, pushed);
      return [...latest.values()];
    };
    try {
      return await eventually(() => {
        const outcomes = shown();
        return outcomes.length === 4 && outcomes.every((notification) => notification.status === 'sent') ? outcomes : null;
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}; the board was shown ${JSON.stringify(shown().map(({ id, type, status, error: reason }) => ({ id, type, status, reason })))}`);
    }
  }

  async function sendSos(key = randomUUID()) {
    const response = await stack.api.client().post(
      '/api/sos',
      { customerName: 'Kim Nguyen', phone: DRIVER_PHONE, vehicle: 'Hilux', situation: 'Bogged at the creek', gps: { lat: -20.736812, lng: 116.846254 } },
      { 'Idempotency-Key': key },
    );
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  // First in the file, so no push of another test's SOS can land on the board while it counts.
  it("costs a board that is not showing a log one frame per SOS; the log's pushes go to boards showing it, the figures to pages showing them", async () => {
    const board = await new SocketListener(stack.api.baseUrl, (await stack.api.adminClient()).cookie).connected();
    try {
      const job = await sendSos();
      // Everything the SOS causes has been pushed once the watching board has every outcome and the stats push has reached the page showing them.
      await everyOutcomePushed(job.id);
      await eventually(() => admin.received<Email>('email:updated', (email) => email.subject.includes(job.id) && email.sent).length === 1);
      await eventually(() => visitor.received('stats:changed').length === 1);
      expect(board.events.map((entry) => entry.event)).toEqual(['job:created']);
      expect(board.received<Job>('job:created')[0].id).toBe(job.id);
    } finally {
      board.close();
    }
  });

  it('pushes the job to admin sockets only, and fresh stats to the pages showing them', async () => {
    const before = visitor.received('stats:changed').length;
    const job = await sendSos();
    await eventually(() => admin.received<Job>('job:created', (created) => created.id === job.id).length === 1);
    await eventually(() => visitor.received<LiveStats>('stats:changed').length > before);
    expect(visitor.received<LiveStats>('stats:changed').at(-1)!.activeJobs).toBeGreaterThan(0);
    expect(stranger.received('job:created')).toHaveLength(0);
    expect(visitor.received('job:created')).toHaveLength(0);
    expect(stranger.received('stats:changed')).toHaveLength(0);
    expect(admin.received('stats:changed')).toHaveLength(0);
  });

  it('texts the driver and the on-call staff and emails the office, each once, recorded as sent', async () => {
    const job = await sendSos();
    const toDriver = await eventually(() => {
      const found = stack.twilio.to(DRIVER_E164).filter((sms) => sms.body.includes(job.id));
      return found.length ? found : null;
    });
    expect(toDriver).toHaveLength(1);
    expect(toDriver[0].body).toContain('help is on the way');
    expect(toDriver[0].body).toContain('within 5 minutes');
    expect(toDriver[0].body).toContain(`${stack.api.baseUrl}/customer-portal?search=${job.id}&token=`);
    expect(toDriver[0].body).toMatch(/&token=[A-Za-z0-9_-]{32}/);

    for (const phone of ONCALL) {
      const alerts = await eventually(() => {
        const found = stack.twilio.to(phone).filter((sms) => sms.body.includes(job.id));
        return found.length ? found : null;
      });
      expect(alerts).toHaveLength(1);
      expect(alerts[0].body).toContain(DRIVER_PHONE);
      expect(alerts[0].body).toContain('GPS: -20.736812, 116.846254');
    }
    const mail = await eventually(() => {
      const found = stack.smtp.to('office@towing.test').filter((message) => message.raw.includes(job.id));
      return found.length ? found : null;
    });
    expect(mail).toHaveLength(1);
    // The alert reads the vehicle, the situation and the fix from the job's columns.
    const { html } = await parseMail(mail[0]);
    expect(html).toContain('Vehicle</td><td style="padding:4px 8px">Hilux');
    expect(html).toContain('Situation</td><td style="padding:4px 8px">Bogged at the creek');
    expect(html).toContain('-20.736812,116.846254">map</a>');
    expect(html).not.toContain('<h3>Notes</h3>');

    const rows = await eventually(async () => {
      const found = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
      return found.length === 4 && found.every((row) => row.status === 'sent') ? found : null;
    });
    expect(rows.map((row) => row.type).sort()).toEqual(['email', 'sms', 'sms', 'sms']);
    expect(rows.every((row) => row.sentAt && row.providerMessageId)).toBe(true);
  });

  it('shows every send on GET /api/notifications and pushes each outcome to admins', async () => {
    const job = await sendSos();
    await eventually(async () => {
      const list = (await (await stack.api.adminClient()).get(`/api/notifications?jobId=${job.id}`)).body as Notification[];
      return list.length === 4 && list.every((notification) => notification.status === 'sent');
    });
    await everyOutcomePushed(job.id);
    await eventually(() => admin.received<Email>('email:updated', (email) => email.subject.includes(job.id) && email.sent).length === 1);
    expect(stranger.received('notification:updated')).toHaveLength(0);
    expect((await stack.api.client().get('/api/notifications')).status).toBe(401);
  });

  it('sends one set of messages for a request sent twice with one Idempotency-Key', async () => {
    const key = randomUUID();
    const first = await sendSos(key);
    const second = await sendSos(key);
    expect(second.id).toBe(first.id);
    await eventually(() => stack.twilio.received.filter((sms) => sms.body.includes(first.id)).length === 3);
    const events = await stack.api.dataSource.getRepository(OutboxEntity).findBy({ payload: JsonContains({ jobId: first.id }) });
    expect(events.map((event) => event.name)).toEqual(['sos.created']);
    await eventHandled(stack, events[0]!.id);
    expect(stack.twilio.received.filter((sms) => sms.body.includes(first.id))).toHaveLength(3);
  });

  it('retries a message the provider refused, without repeating those that went', async () => {
    stack.twilio.failNext = 1;
    const job = await sendSos();
    await eventually(async () => {
      const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id });
      return rows.length === 4 && rows.every((row) => row.status === 'sent');
    }, 20_000);
    expect(stack.twilio.received.filter((sms) => sms.body.includes(job.id))).toHaveLength(3);
    const retried = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id, type: 'sms' });
    expect(retried.map((row) => row.attempts).sort()).toEqual([1, 1, 2]);
  });

  it("alerts the on-call phones for an admin's SOS, with a map link built from the stored fix", async () => {
    const adminClient = await stack.api.adminClient();
    const response = await adminClient.post(
      '/api/sos',
      { phone: '0412 345 699', location: 'Whim Creek, 10 km west', gps: { lat: -20.8425, lng: 117.8301, accuracyM: 25 } },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(response.status).toBe(201);
    const job = response.body.job as Job;
    for (const phone of ONCALL) {
      const alerts = await eventually(() => {
        const found = stack.twilio.to(phone).filter((sms) => sms.body.includes(job.id));
        return found.length ? found : null;
      });
      expect(alerts).toHaveLength(1);
      expect(alerts[0].body).toContain('https://www.google.com/maps/search/?api=1&query=-20.842500,117.830100');
    }
    await eventually(() => stack.smtp.to('office@towing.test').filter((mail) => mail.raw.includes(job.id)).length === 1);
  });
});
