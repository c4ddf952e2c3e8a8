import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { MoreThanOrEqual } from 'typeorm';
import { type Job, QUEUES } from '@towing/contracts';
import { NotificationEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, leaseSharedStack, type SystemLease } from '@towing/testkit';
import { FOLDED_REASON } from '../../notifications/sos-alert-throttle.js';

const ONCALL = ['+61491570157', '+61491570158'];
/** Long enough for three SOS and a redelivery to fall inside the first window on a busy machine. */
const WINDOW_SECONDS = 8;
const DAILY_LIMIT = 4;

/**
 * What a bad night costs in texts: a Twilio outage, BullMQ redelivering an event, and an SOS
 * from each of many valid mobiles. The tests run in order on one stack and share its budgets.
 */
describe('the SMS budget over retries, redeliveries and a day', () => {
  let stack: SystemLease;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', {
      worker: true,
      workerEnv: { SOS_ALERT_WINDOW_SECONDS: String(WINDOW_SECONDS), SMS_OVERSEAS_DAILY_LIMIT: '1', SMS_DAILY_LIMIT: String(DAILY_LIMIT) },
    });
  });
  afterAll(async () => {
    await stack?.release();
  });

  const sos = async (phone: string) => {
    const response = await stack.api.client().post('/api/sos', { phone }, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  };
  const notifications = () => stack.api.dataSource.getRepository(NotificationEntity);
  const eventOf = (job: Job) =>
    stack.api.dataSource
      .getRepository(OutboxEntity)
      .createQueryBuilder('outbox')
      .where(`outbox.name = 'sos.created' AND outbox.payload->>'jobId' = :jobId`, { jobId: job.id })
      .getOneOrFail();
  const driverText = (job: Job, settled: (row: NotificationEntity) => boolean) =>
    eventually(async () => (await notifications().findBy({ jobId: job.id, type: 'sms' })).find((row) => !ONCALL.includes(row.recipientPhone!) && settled(row)));

  /** Hands a handled event to the worker once more at once, as BullMQ does after a lost acknowledgement. */
  async function redeliverNow(outboxId: string): Promise<void> {
    const queue = new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
    try {
      const handled = (await queue.getJob(outboxId))!;
      await handled.remove();
      await queue.add(handled.name, handled.data, { jobId: outboxId });
    } finally {
      await queue.close();
    }
  }

  // First: its first SOS opens the first window.
  it('counts a redelivered SOS once in the owners\' summary', async () => {
    const jobs = await Promise.all(['0412 000 001', '0412 000 002', '0412 000 003'].map(sos));
    const events = await Promise.all(jobs.map(eventOf));
    await Promise.all(events.map((event) => eventHandled(stack, event.id)));
    const folded = await notifications().findOneByOrFail({ recipientPhone: ONCALL[0], error: FOLDED_REASON });
    const foldedEvent = events.find((event) => (event.payload as { jobId: string }).jobId === folded.jobId)!;
    await redeliverNow(foldedEvent.id);
    await eventHandled(stack, foldedEvent.id);

    for (const phone of ONCALL) {
      const summary = await eventually(() => stack.twilio.to(phone).find((sms) => sms.body.includes('more SOS')), 30_000);
      expect(summary.body).toMatch(/^2 more SOS in the last 8 seconds/);
      expect(stack.twilio.to(phone).filter((sms) => sms.body.startsWith('SOS '))).toHaveLength(1);
    }
  });

  it('decides a driver text once: through a Twilio outage it is sent once after recovery, not refused, and spends the budget once', async () => {
    stack.twilio.failNext = Number.MAX_SAFE_INTEGER;
    const job = await sos('+44 7911 123456');
    // Failed, then tried again while Twilio still fails: the policy is not asked again.
    await driverText(job, (row) => row.attempts >= 2 && row.status === 'failed');
    stack.twilio.failNext = 0;
    const sent = await driverText(job, (row) => row.status === 'sent' || row.status === 'refused');
    expect({ status: sent.status, error: sent.error }).toEqual({ status: 'sent', error: null });
    expect(stack.twilio.to('+447911123456')).toHaveLength(1);
  }, 90_000);

  it(`refuses texts to callers past SMS_DAILY_LIMIT (${DAILY_LIMIT} a day), keeps the SOS on the board and still texts the owners`, async () => {
    const job = await sos('0412 000 009');
    const refused = await driverText(job, (row) => row.status !== 'pending' && row.status !== 'sending');
    expect(refused.status).toBe('refused');
    expect(refused.error).toBe(`Today's budget of ${DAILY_LIMIT} texts is spent (SMS_DAILY_LIMIT)`);
    expect(stack.twilio.to('+61412000009')).toHaveLength(0);
    const board = (await (await stack.api.adminClient()).get('/api/jobs')).body as Job[];
    expect(board.some((listed) => listed.id === job.id)).toBe(true);

    // The owners hear of it (its alert, or the summary that counts it), decided after the budget was spent.
    const since = new Date(job.createdAt);
    for (const phone of ONCALL) {
      await eventually(async () => (await notifications().findBy({ recipientPhone: phone, createdAt: MoreThanOrEqual(since) })).some((row) => row.status === 'sent'), 30_000);
    }
    const owners = await notifications().findBy({ jobId: job.id, recipientPhone: ONCALL[0] });
    expect(owners.every((row) => !row.error?.includes('SMS_DAILY_LIMIT'))).toBe(true);
  }, 60_000);
});
