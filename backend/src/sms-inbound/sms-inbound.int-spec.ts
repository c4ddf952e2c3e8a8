import { JsonContains } from 'typeorm';
import type { Job, JobMessage } from '@towing/contracts';
import { InboundSmsEntity, JobEntity, JobMessageEntity, NotificationEntity, OutboxEntity, SmsOptOutEntity } from '@towing/db';
import { eventHandled, eventually, leaseSharedStack, type ReceivedSms, SocketListener, type SystemLease, TwilioInboundPeer } from '@towing/testkit';

const DEAN = '+61491570157';
const MATT = '+61491570158';
/** One SMS of GSM-7 characters: a satellite messenger takes no more. */
const ONE_SMS = 160;
const TWIML_EMPTY = /^<\?xml version="1.0" encoding="UTF-8"\?><Response\/>$/;

describe('texts both ways: POST /api/sms/inbound from the Twilio peer', () => {
  let stack: SystemLease;
  let twilio: TwilioInboundPeer;
  let board: SocketListener;

  beforeAll(async () => {
    // Every SOS here alerts the owners in full; the burst summary has its own test.
    stack = await leaseSharedStack('system', { worker: true, workerEnv: { SOS_ALERT_WINDOW_SECONDS: '0' } });
    twilio = TwilioInboundPeer.forStack(stack);
    board = await new SocketListener(stack.api.baseUrl, (await stack.api.adminClient()).cookie).connected();
  });
  afterAll(async () => {
    board?.close();
    await stack?.release();
  });

  const textsTo = (phone: string, predicate: (sms: ReceivedSms) => boolean = () => true) => stack.twilio.to(phone).filter(predicate);
  /** Waits for the first text to `phone` that `predicate` accepts. */
  const textTo = (phone: string, predicate: (sms: ReceivedSms) => boolean) =>
    eventually(() => {
      const found = textsTo(phone, predicate);
      return found.length ? found[0] : null;
    });
  const jobsFrom = (phone: string) => stack.api.dataSource.getRepository(JobEntity).find({ where: { phoneE164: phone }, order: { createdAt: 'ASC' } });
  /** Resolves once the events `name` about `jobId` are all handled: what they sent is final. */
  async function handled(name: string, payload: Record<string, unknown>): Promise<OutboxEntity[]> {
    const events = await eventually(async () => {
      const found = await stack.api.dataSource.getRepository(OutboxEntity).find({ where: { name, payload: JsonContains(payload) } });
      return found.length ? found : null;
    });
    for (const event of events) await eventHandled(stack, event.id);
    return events;
  }

  /** An SOS sent by text from `phone`, answered; its job. */
  async function sosByText(phone: string, body: string): Promise<{ job: JobEntity; reply: ReceivedSms }> {
    const answer = await twilio.send({ from: phone, body });
    expect(answer.status).toBe(200);
    const [job] = await eventually(async () => {
      const found = await jobsFrom(phone);
      return found.length ? found : null;
    });
    const reply = await textTo(phone, (sms) => sms.body.includes(job.id));
    return { job, reply };
  }

  it('refuses a webhook with a wrong or missing signature with a 403, and stores nothing from it', async () => {
    const phone = '+61412000001';
    for (const signature of ['wrong', 'missing'] as const) {
      const answer = await twilio.send({ from: phone, body: 'SOS Lat -20.73612 Lon 116.84630', signature });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 403, message: 'This request is not signed by Twilio' });
    }
    expect(await stack.api.dataSource.getRepository(InboundSmsEntity).countBy({ fromPhone: phone })).toBe(0);
    expect(await jobsFrom(phone)).toEqual([]);
  });

  it("makes an SOS of a Garmin inReach text from a phone with no data, at the text's position, answered in one SMS with the job and its tracking link", async () => {
    const phone = '+61412000002';
    const body = 'Bogged to the axles, 2 adults OK. Lat -20.73612 Lon 116.84630 https://inreachlink.com/XA7QK2';
    const { job, reply } = await sosByText(phone, body);
    expect(job).toMatchObject({ status: 'Emergency', gpsLat: -20.73612, gpsLng: 116.8463, location: 'GPS: -20.736120, 116.846300', notes: body });
    const token = (await stack.api.dataSource.getRepository(JobEntity).createQueryBuilder('job').addSelect('job.trackingToken').where({ id: job.id }).getOneOrFail()).trackingToken;
    expect(reply.body).toBe(`SOS ${job.id} received. Track: ${stack.api.baseUrl}/customer-portal?search=${job.id}&token=${token}`);
    expect(reply.body.length).toBeLessThanOrEqual(ONE_SMS);
    // The owners are alerted as for any SOS.
    for (const owner of [DEAN, MATT]) await textTo(owner, (sms) => sms.body.includes(job.id));
  });

  it('keeps a text without a position as the location, and answers a text that asks for nothing with a hint once a day', async () => {
    const { job } = await sosByText('+61412000003', 'HELP broke down on Roebourne-Wittenoom Rd near the Python Pool turnoff');
    expect(job).toMatchObject({ location: 'HELP broke down on Roebourne-Wittenoom Rd near the Python Pool turnoff', gpsLat: null });

    const stranger = '+61412000004';
    for (const body of ['hello?', 'who is this']) expect((await twilio.send({ from: stranger, body })).status).toBe(200);
    await handled('sms.received', {});
    const hints = textsTo(stranger);
    expect(hints.map((sms) => sms.body)).toEqual(['Spinifex Recovery: for help text SOS and where you are (a maps link or coordinates), or call 0491 570 156.']);
    expect(await jobsFrom(stranger)).toEqual([]);
  });

  it('creates nothing twice when Twilio redelivers a webhook, even at the same moment', async () => {
    const phone = '+61412000005';
    const first = await twilio.send({ from: phone, body: 'SOS -21.17012, 119.73420' });
    const again = await Promise.all([1, 2].map(() => twilio.send({ from: phone, body: 'SOS -21.17012, 119.73420', messageSid: first.messageSid })));
    for (const answer of [first, ...again]) {
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^text\/xml/);
      expect(answer.text).toMatch(TWIML_EMPTY);
    }
    const jobs = await jobsFrom(phone);
    expect(jobs).toHaveLength(1);
    expect(await stack.api.dataSource.getRepository(InboundSmsEntity).countBy({ messageSid: first.messageSid })).toBe(1);
    await handled('sos.created', { jobId: jobs[0].id });
    await handled('sms.received', {});
    expect(textsTo(phone)).toHaveLength(1);
  });

  it("acknowledges the newest SOS by an owner's reply, confirms it, sets the ETA the customer sees, and tells the stranded person once who has it", async () => {
    const phone = '+61412000006';
    const { job } = await sosByText(phone, 'SOS https://maps.google.com/?q=-22.693100,117.793100');
    expect((await twilio.send({ from: DEAN, body: 'OK' })).status).toBe(200);
    const confirmation = await textTo(DEAN, (sms) => sms.body.startsWith(`You have ${job.id}`));
    expect(confirmation.body).toContain(phone);
    const acknowledged = await stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
    expect(acknowledged).toMatchObject({ acknowledgedBy: 'Dean' });
    expect(acknowledged.acknowledgedAt).not.toBeNull();
    expect(board.received<Job>('job:updated', (pushed) => pushed.id === job.id && pushed.acknowledgement?.by === 'Dean').length).toBeGreaterThan(0);

    // A second owner, and the board after them, find it taken: the stranded person is told once.
    expect((await twilio.send({ from: MATT, body: `ACK ${job.id}` })).status).toBe(200);
    await textTo(MATT, (sms) => sms.body === `${job.id} was already acknowledged by Dean.`);
    expect((await (await stack.api.adminClient()).post(`/api/jobs/${job.id}/acknowledge`)).status).toBe(200);
    await handled('sos.acknowledged', { jobId: job.id });
    await handled('sms.received', {});
    const told = textsTo(phone, (sms) => sms.body.includes('has your request'));
    expect(told.map((sms) => sms.body)).toEqual([`Spinifex Recovery & Mechanical: Dean has your request and will call you shortly. Job ${job.id}.`]);

    const before = Date.now();
    expect((await twilio.send({ from: DEAN, body: 'ETA 40' })).status).toBe(200);
    await textTo(DEAN, (sms) => sms.body.startsWith(`ETA for ${job.id} set to`) && sms.body.endsWith('(40 min). The customer sees it.'));
    const timed = await stack.api.dataSource.getRepository(JobEntity).findOneByOrFail({ id: job.id });
    expect(timed.estimatedArrival!.getTime()).toBeGreaterThanOrEqual(before + 40 * 60_000 - 1000);
    expect(timed.estimatedArrival!.getTime()).toBeLessThanOrEqual(Date.now() + 40 * 60_000);
    expect(board.received<Job>('job:updated', (pushed) => pushed.id === job.id && pushed.estimatedArrival === timed.estimatedArrival!.toISOString()).length).toBeGreaterThan(0);
  });

  it("puts a customer's text in their open job's thread on the board, and texts the dispatcher's answer back; STOP is honoured until START", async () => {
    const phone = '+61412000007';
    const { job } = await sosByText(phone, 'SOS Lat -21.60501 Lon 118.10430');
    const admin = await stack.api.adminClient();

    expect((await twilio.send({ from: phone, body: 'Battery is dead as well' })).status).toBe(200);
    const pushed = await eventually(() => board.received<JobMessage>('jobMessage:created', (message) => message.jobId === job.id)[0] ?? null);
    expect(pushed).toMatchObject({ direction: 'inbound', body: 'Battery is dead as well', author: null });
    // A text from the job's phone joins its thread: it is not a second SOS.
    expect(await jobsFrom(phone)).toHaveLength(1);

    const answer = await admin.post(`/api/jobs/${job.id}/messages`, { body: 'Bring jumper leads, on our way.' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ direction: 'outbound', author: 'admin', body: 'Bring jumper leads, on our way.' });
    await textTo(phone, (sms) => sms.body === 'Spinifex Recovery & Mechanical: Bring jumper leads, on our way.');
    const thread = (await admin.get(`/api/jobs/${job.id}/messages`)).body as JobMessage[];
    expect(thread.map((message) => [message.direction, message.body])).toEqual([
      ['inbound', 'Battery is dead as well'],
      ['outbound', 'Bring jumper leads, on our way.'],
    ]);
    expect((await admin.post(`/api/jobs/${job.id}/messages`, { body: '   ' })).status).toBe(400);
    expect((await stack.api.client().get(`/api/jobs/${job.id}/messages`)).status).toBe(401);

    expect((await twilio.send({ from: phone, body: 'STOP' })).status).toBe(200);
    expect(await stack.api.dataSource.getRepository(SmsOptOutEntity).existsBy({ phone })).toBe(true);
    const refused = (await admin.post(`/api/jobs/${job.id}/messages`, { body: 'Are you still there?' })).body as JobMessage;
    const [event] = await handled('jobMessage.sent', { messageId: refused.id });
    const row = await stack.api.dataSource.getRepository(NotificationEntity).findOneByOrFail({ dedupeKey: `${event.id}:sms:${phone}` });
    expect(row).toMatchObject({ status: 'refused', error: 'Opted out: this number texted STOP (START opts it back in)' });
    expect(textsTo(phone, (sms) => sms.body.includes('Are you still there?'))).toEqual([]);
    // STOP is the whole text: it is not put in the thread as a message.
    expect(await stack.api.dataSource.getRepository(JobMessageEntity).countBy({ jobId: job.id, direction: 'inbound' })).toBe(1);

    expect((await twilio.send({ from: phone, body: 'start' })).status).toBe(200);
    expect(await stack.api.dataSource.getRepository(SmsOptOutEntity).existsBy({ phone })).toBe(false);
    expect((await admin.post(`/api/jobs/${job.id}/messages`, { body: 'Truck is 10 min out.' })).status).toBe(201);
    await textTo(phone, (sms) => sms.body === 'Spinifex Recovery & Mechanical: Truck is 10 min out.');
  });
});
