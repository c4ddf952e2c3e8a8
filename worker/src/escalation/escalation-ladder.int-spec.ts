import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { In } from 'typeorm';
import { type EscalationTrail, type Job, QUEUES, SMS_STATUS_PATH, twilioWebhookUrl, voiceCallPaths } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, postSigned, type Stack, startStack, TwilioPeerVoice, twilioSignature } from '@towing/testkit';

const DEAN = '+61491570157';
const MATT = '+61491570158';

async function sendSos(stack: Stack, customerName: string, phone: string): Promise<Job> {
  const response = await stack.api.client().post(
    '/api/sos',
    { customerName, phone, vehicle: 'Hilux', situation: 'Bogged at the creek', location: 'Karratha', gps: { lat: -20.736812, lng: 116.846254 } },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(response.status).toBe(201);
  return response.body.job as Job;
}

async function trailOf(stack: Stack, jobId: string): Promise<EscalationTrail> {
  const admin = await stack.api.adminClient();
  const response = await admin.get(`/api/jobs/${jobId}/escalation`);
  expect(response.status).toBe(200);
  return response.body as EscalationTrail;
}

async function onLadderQueue<T>(stack: Stack, use: (queue: Queue) => Promise<T>): Promise<T> {
  const queue = new Queue(QUEUES.sosEscalation, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
  try {
    return await use(queue);
  } finally {
    await queue.close();
  }
}

/** Resolves once a rung has run to its end (it did its work, or found nothing to do). */
function rungDone(stack: Stack, escalationJobId: string): Promise<unknown> {
  return onLadderQueue(stack, (queue) => eventually(async () => (await queue.getJobState(escalationJobId)) === 'completed'));
}

/** Makes a waiting rung due now (time passing) and resolves once it has run to its end. */
async function takeRungNow(stack: Stack, escalationJobId: string): Promise<void> {
  await onLadderQueue(stack, async (queue) => (await queue.getJob(escalationJobId))!.promote());
  await rungDone(stack, escalationJobId);
}

/** The ladder the worker put the SOS on, once it has handled the SOS. */
function ladderOf(stack: Stack, jobId: string): Promise<number> {
  return eventually(async () => {
    const [row] = (await stack.api.dataSource.query(`SELECT escalation_id AS id FROM escalation_jobs WHERE job_id = $1`, [jobId])) as Array<{ id: number }>;
    return row?.id ?? null;
  });
}

describe('the escalation ladder, timed', () => {
  let stack: Stack;
  let voice: TwilioPeerVoice;

  beforeAll(async () => {
    // The first call after 2 s; the test brings the later rungs forward itself, so that the worker
    // dies between two rungs however busy the machine (a rung running when its worker is killed
    // is only taken again once BullMQ finds it stalled, about 15 s later: the next test's case).
    stack = await startStack({ env: { ESCALATION_DELAYS_MS: '2000,600000,600001' } });
    voice = new TwilioPeerVoice(stack.twilio);
  });
  afterAll(async () => {
    await voice?.settled();
    await stack?.stop();
  });

  it('refuses Twilio webhooks with a wrong or missing signature, or for a call it never placed, and stores nothing', async () => {
    const { authToken } = voice;
    const statusUrl = twilioWebhookUrl(stack.variables.PUBLIC_URL!, SMS_STATUS_PATH);
    const receipt = { MessageSid: 'SM0000000000000000000000000000dead', MessageStatus: 'delivered' };
    expect((await postSigned(authToken, statusUrl, receipt, '')).status).toBe(403);
    expect((await postSigned(authToken, statusUrl, receipt, 'bm90IHRoZSBzaWduYXR1cmU=')).status).toBe(403);
    expect((await postSigned('another-token', statusUrl, receipt)).status).toBe(403);
    // Signed for other words than the ones posted.
    const signedForOther = await twilioSignature(authToken, statusUrl, { ...receipt, MessageStatus: 'sent' });
    expect((await postSigned(authToken, statusUrl, receipt, signedForOther)).status).toBe(403);
    const unknownCall = twilioWebhookUrl(stack.variables.PUBLIC_URL!, voiceCallPaths('not-a-call-of-ours').gather);
    expect((await postSigned(authToken, unknownCall, { CallSid: 'CA1', Digits: '1' })).status).toBe(403);
    const [{ count }] = (await stack.api.dataSource.query(`SELECT count(*)::int AS count FROM sms_delivery_receipts WHERE message_sid = $1`, [receipt.MessageSid])) as Array<{ count: number }>;
    expect(count).toBe(0);
    // Correctly signed, the same receipt is taken (about no text of ours: nothing else changes).
    expect((await postSigned(authToken, statusUrl, receipt)).status).toBe(204);
  });

  it('calls Dean, then Matt after a worker restart mid-climb, and a keypress on the second call stops the ladder', async () => {
    const job = await sendSos(stack, 'Kim Nguyen', '0412 345 601');
    // The on-call texts are sent with a status callback, and their receipts reach the log.
    await eventually(async () => {
      const texts = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id, type: 'sms' });
      return texts.length === 3 && texts.every((text) => text.deliveryStatus === 'delivered');
    });
    const deanCall = await eventually(() => voice.callsTo(DEAN)[0] ?? null);
    const ladder = await ladderOf(stack, job.id);
    await rungDone(stack, `ladder-${ladder}-rung-0`);
    // The worker dies mid-climb; the next rung waits in Redis for the worker that comes back.
    await stack.worker!.kill();
    await stack.startWorker();
    expect(await voice.end(deanCall, 'no-answer')).toBe(204);
    await takeRungNow(stack, `ladder-${ladder}-rung-1`);
    const mattCall = await eventually(() => voice.callsTo(MATT)[0] ?? null);
    expect(voice.callsTo(DEAN)).toHaveLength(1);

    const twiml = await voice.answer(mattCall);
    expect(twiml.status).toBe(200);
    expect(twiml.text).toContain('Kim Nguyen needs help at Karratha');
    expect(twiml.text).toMatch(/They have waited \d+ minutes?\./);
    expect(twiml.text).toContain('Press 1 to acknowledge.');
    const pressed = await voice.press(mattCall, twiml.text, '1');
    expect(pressed.status).toBe(200);
    expect(pressed.text).toContain('Acknowledged. Thank you, Matt.');
    expect(await voice.end(mattCall, 'completed')).toBe(204);

    const jobs = await stack.api.adminClient();
    const acknowledged = await jobs.get(`/api/jobs?search=${job.id}`);
    expect((acknowledged.body as Job[]).find((row) => row.id === job.id)).toMatchObject({ acknowledgement: { by: 'Matt' } });
    // The last rung comes and finds nothing to do: no third call, no email to the office.
    await takeRungNow(stack, `ladder-${ladder}-rung-2`);
    expect(voice.calls.filter((call) => call.createdAt >= deanCall.createdAt)).toHaveLength(2);
    expect(stack.smtp.received.filter((mail) => mail.raw.includes('nobody has acknowledged'))).toHaveLength(0);

    const trail = await trailOf(stack, job.id);
    expect(trail.state).toBe('acknowledged');
    expect(trail.steps.map((step) => step.text)).toEqual([expect.stringMatching(/^called Dean \d\d:\d\d, no answer$/), expect.stringMatching(/^called Matt \d\d:\d\d, acknowledged by keypress$/)]);
    const history = await jobs.get(`/api/jobs/${job.id}/history`);
    const climb = (history.body as Array<{ actor: string; message: string }>).filter((line) => line.actor === 'Escalation').map((line) => line.message);
    expect(climb).toEqual([
      'Rung 1: calling Dean (+61491570157)',
      expect.stringMatching(/^called Dean \d\d:\d\d, no answer$/),
      'Rung 2: calling Matt (+61491570158)',
      'Matt acknowledged by pressing 1 on the call',
    ]);
  });

  it('takes up a rung again 15 s on, not a minute, when the worker placing its call dies, and rings nobody twice', async () => {
    // Twilio takes the call to Dean (his phone rings) and the texts, but its answers never reach the worker.
    stack.twilio.withholdAnswers = true;
    const deanCalls = voice.callsTo(DEAN).length;
    const job = await sendSos(stack, 'Sam Lee', '0412 345 604');
    await eventually(() => voice.callsTo(DEAN).length > deanCalls);
    await stack.worker!.kill();
    stack.twilio.withholdAnswers = false;
    await stack.startWorker();
    // The rung was running: the worker that came back takes it up once it finds it stalled, 15 s
    // on (BullMQ's defaults took up to a minute), finds the call in Twilio's log and keeps its SID.
    const ladder = await ladderOf(stack, job.id);
    const called = await eventually(async () => {
      const [step] = (await stack.api.dataSource.query(`SELECT call_sid AS "callSid" FROM escalation_steps WHERE escalation_id = $1 AND rung = 0 AND call_sid IS NOT NULL`, [ladder])) as Array<{ callSid: string }>;
      return step ?? null;
    }, 30_000);
    // Dean's phone rang once: the call is not placed again.
    const deanNow = voice.callsTo(DEAN).slice(deanCalls);
    expect(deanNow.map((call) => call.sid)).toEqual([called.callSid]);
  });
});

describe('the escalation ladder, moved on by delivery receipts', () => {
  let stack: Stack;
  let voice: TwilioPeerVoice;

  beforeAll(async () => {
    // Rungs ten minutes away: a call within the test can only come from a rung moved on at once.
    stack = await startStack({ env: { ESCALATION_DELAYS_MS: '600000,600001,600002' } });
    voice = new TwilioPeerVoice(stack.twilio);
  });
  afterAll(async () => {
    await voice?.settled();
    await stack?.stop();
  });

  it('runs one ladder for a burst, calls Dean at once when his alert is undelivered, and flags an unreached caller', async () => {
    voice.unreachable.add(DEAN);
    voice.unreachable.add('+61412345602');
    const first = await sendSos(stack, 'Ali Farah', '0412 345 602');
    const second = await sendSos(stack, 'Jo Smith', '0412 345 603');
    expect(await ladderOf(stack, second.id)).toBe(await ladderOf(stack, first.id));

    const deanCall = await eventually(() => voice.callsTo(DEAN)[0] ?? null);
    expect(voice.calls).toHaveLength(1);
    // The burst's one alert is the SOS the worker took first: the two events are handled at once,
    // so on a busy machine that can be the second.
    const undelivered = await eventually(async () => {
      const alerts = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: In([first.id, second.id]), recipientPhone: DEAN });
      return alerts.find((alert) => alert.deliveryStatus === 'undelivered') ?? null;
    });
    expect(undelivered.deliveryErrorCode).toBe(30003);
    const admin = await stack.api.adminClient();
    const log = await admin.get(`/api/notifications?jobId=${undelivered.jobId}`);
    expect(log.body).toEqual(expect.arrayContaining([expect.objectContaining({ recipientPhone: DEAN, deliveryStatus: 'undelivered', deliveryErrorCode: 30003, deliveryError: 'phone unreachable' })]));

    // The call names the oldest SOS and counts the burst.
    const twiml = await voice.answer(deanCall);
    expect(twiml.text).toContain('Ali Farah needs help at Karratha');
    expect(twiml.text).toContain('1 more SOS is waiting too.');

    const trail = await eventually(async () => {
      const read = await trailOf(stack, first.id);
      return read.callerUnreached ? read : null;
    });
    expect(trail.callerUnreached).toBe('our text did not reach them: phone unreachable. Call them.');
    expect(trail.state).toBe('climbing');

    // Twilio sending a receipt again changes nothing.
    const receipts = voice.receipts.filter((receipt) => receipt.status === 'undelivered');
    const before = await stack.api.dataSource.query(`SELECT count(*)::int AS count FROM job_updates WHERE job_id = $1`, [first.id]);
    const again = stack.twilio.received.find((sms) => sms.sid === receipts[0]!.messageSid)!;
    expect(await voice.postReceipt(twilioWebhookUrl(stack.variables.PUBLIC_URL!, SMS_STATUS_PATH), again, 'undelivered', 30003)).toBe(204);
    expect(await stack.api.dataSource.query(`SELECT count(*)::int AS count FROM job_updates WHERE job_id = $1`, [first.id])).toEqual(before);
    expect(voice.calls).toHaveLength(1);
  });
});

describe('the escalation ladder, under a burst', () => {
  let stack: Stack;

  beforeAll(async () => {
    // Rungs ten minutes away: nothing is called while the burst is looked at.
    stack = await startStack({ env: { ESCALATION_DELAYS_MS: '600000,600001,600002' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('puts SOS sent at the same moment on one ladder: nobody is called twice for one burst', async () => {
    const jobs = await Promise.all(Array.from({ length: 6 }, (_, n) => sendSos(stack, `Burst caller ${n}`, `0412 345 6${String(20 + n)}`)));
    const ladders = await Promise.all(jobs.map((job) => ladderOf(stack, job.id)));
    expect(new Set(ladders).size).toBe(1);
    const [{ open }] = (await stack.api.dataSource.query(`SELECT count(*)::int AS open FROM escalations WHERE finished_at IS NULL`)) as Array<{ open: number }>;
    expect(open).toBe(1);
  });
});
