import { randomUUID } from 'node:crypto';
import { type HeldSosJobs, type HeldSosSource, type Job, JOB_LIST_MAX_PAGE, toE164 } from '@towing/contracts';
import { JobEntity, NotificationEntity, OutboxEntity } from '@towing/db';
import { eventHandled, eventually, type Stack, startStack, TestClient } from '@towing/testkit';

const ALLOWANCE = 3;
/** General pool 5, and 5 kept for callers from addresses that sent nothing in the last hour. */
const DAILY_LIMIT = 10;
const WINDOW_SECONDS = 5;
const FLOOD = 12;

/**
 * The audit's attack, from more than one loopback address (every 127.x address is this
 * machine; the API trusts no proxy): one address floods SOS, others are real callers. The tests
 * run in order on one stack and share its counters and budgets.
 */
describe('SOS admission per source', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        SOS_SOURCE_HOURLY_ALLOWANCE: String(ALLOWANCE),
        SMS_SOURCE_DAILY_LIMIT: '20',
        SMS_DAILY_LIMIT: String(DAILY_LIMIT),
        SMS_NEW_CALLER_RESERVE_PERCENT: '50',
        SOS_ALERT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const from = (localAddress: string) => new TestClient(stack.api.baseUrl, { localAddress });
  const flooder = () => from('127.0.0.2');
  const floodPhone = (n: number) => `0412 700 ${String(n).padStart(3, '0')}`;
  const jobs = () => stack.api.dataSource.getRepository(JobEntity);
  const notifications = () => stack.api.dataSource.getRepository(NotificationEntity);

  async function sos(client: TestClient, phone: string, key = randomUUID()): Promise<Job> {
    const response = await client.post('/api/sos', { phone, customerName: 'Sam Driver' }, { 'Idempotency-Key': key });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  /** Resolves once the worker has handled every sos.created event of these jobs. */
  async function handled(ids: string[]): Promise<void> {
    const events = await eventually(async () => {
      const rows = await stack.api.dataSource
        .getRepository(OutboxEntity)
        .createQueryBuilder('outbox')
        .where(`outbox.name = 'sos.created' AND outbox.payload->>'jobId' IN (:...ids)`, { ids })
        .getMany();
      return rows.length >= ids.length && rows;
    });
    await Promise.all(events.map((event) => eventHandled(stack, event.id)));
  }

  const heldIds = async () => (await jobs().createQueryBuilder('job').where('job.heldAt IS NOT NULL').getMany()).map((job) => job.id);
  const driverTextsTo = (phone: string) => stack.twilio.to(toE164(phone)!).filter((sms) => sms.body.includes('help is on the way'));

  it(`stores every SOS of a flood from one address, holds those past ${ALLOWANCE} phones an hour and texts none of them`, async () => {
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, n) => sos(flooder(), floodPhone(n))));
    expect(new Set(flood.map((job) => job.id)).size).toBe(FLOOD);
    await handled(flood.map((job) => job.id));

    const held = await heldIds();
    expect(held).toHaveLength(FLOOD - ALLOWANCE);
    const heldJobs = flood.filter((job) => held.includes(job.id));
    for (const job of heldJobs) expect(driverTextsTo(job.phone)).toHaveLength(0);
    expect(await notifications().createQueryBuilder('n').where('n.jobId IN (:...held)', { held }).getCount()).toBe(0);
    const admitted = flood.filter((job) => !held.includes(job.id));
    for (const job of admitted) await eventually(() => driverTextsTo(job.phone).length === 1);

    const admin = await stack.api.adminClient();
    const sources = (await admin.get('/api/sos-holds')).body as HeldSosSource[];
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ count: FLOOD - ALLOWANCE, phones: FLOOD - ALLOWANCE });
    const opened = (await admin.get(`/api/sos-holds/${sources[0]!.source}`)).body as HeldSosJobs;
    expect(opened.jobs.map((job) => job.id).sort()).toEqual([...held].sort());
    expect(opened.jobs.every((job) => job.heldAt !== null)).toBe(true);

    // The owners hear of the held ones in one summary line, never one alert each.
    for (const phone of stack.variables.ONCALL_PHONES!.split(',')) {
      await eventually(() => stack.twilio.to(phone).some((sms) => /\d+ SOS from one address in the last 5 seconds: held, not texted/.test(sms.body)), 30_000);
    }
  }, 120_000);

  it('leaves held SOS out of the board list, which finds them by search', async () => {
    const admin = await stack.api.adminClient();
    const held = await heldIds();
    const board = (await admin.get('/api/jobs')).body as Job[];
    expect(board.some((job) => held.includes(job.id))).toBe(false);
    const heldJob = await jobs().findOneByOrFail({ id: held[0]! });
    const found = (await admin.get(`/api/jobs?search=${encodeURIComponent(heldJob.phone)}`)).body as Job[];
    expect(found.map((job) => [job.id, job.heldAt !== null])).toContainEqual([heldJob.id, true]);
  });

  it('releases a held SOS: its caller is texted as for a new one', async () => {
    const admin = await stack.api.adminClient();
    const [source] = (await admin.get('/api/sos-holds')).body as HeldSosSource[];
    const [jobId] = await heldIds();
    const released = await admin.post(`/api/sos-holds/${source!.source}/release`, { jobIds: [jobId] });
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ settled: 1 });
    const job = await jobs().findOneByOrFail({ id: jobId! });
    expect(job.heldAt).toBeNull();
    await eventually(() => driverTextsTo(job.phone).length === 1, 30_000);
    expect(((await admin.get('/api/jobs')).body as Job[]).some((listed) => listed.id === jobId)).toBe(true);
  }, 60_000);

  it('discards the rest of a source: cancelled, still stored, nobody texted', async () => {
    const admin = await stack.api.adminClient();
    const [source] = (await admin.get('/api/sos-holds')).body as HeldSosSource[];
    const rest = (await jobs().createQueryBuilder('job').where(`job.heldAt IS NOT NULL AND job.status = 'Emergency'`).getMany()).map((job) => job.id);
    const discarded = await admin.post(`/api/sos-holds/${source!.source}/discard`, {});
    expect(discarded.body).toEqual({ settled: rest.length });
    const after = await jobs().findBy(rest.map((id) => ({ id })));
    expect(after.map((job) => job.status)).toEqual(rest.map(() => 'Cancelled'));
    expect((await admin.get('/api/sos-holds')).body).toEqual([]);
    expect(await notifications().createQueryBuilder('n').where('n.jobId IN (:...rest)', { rest }).getCount()).toBe(0);
    expect((await admin.post(`/api/sos-holds/${'0'.repeat(63)}x/discard`, {})).status).toBe(400);
  });

  it('never holds a retry with the same Idempotency-Key, nor a caller behind a shared address who presses again', async () => {
    const carrier = from('127.0.0.4');
    const key = randomUUID();
    const first = await sos(carrier, '0412 800 001', key);
    // The SOS page's retries: the same key, however often.
    for (let retry = 0; retry < ALLOWANCE + 1; retry += 1) expect((await sos(carrier, '0412 800 001', key)).id).toBe(first.id);
    const others = [await sos(carrier, '0412 800 002'), await sos(carrier, '0412 800 003')];
    // Its allowance is spent on distinct phones now; the first caller presses SOS again.
    const again = await sos(carrier, '0412 800 001');
    const stored = await jobs().findBy([first, ...others, again].map(({ id }) => ({ id })));
    expect(stored.map((job) => job.heldAt)).toEqual([null, null, null, null]);
    // A fourth phone from that address is past its allowance.
    expect((await sos(carrier, '0412 800 004')).heldAt).not.toBeNull();
    await handled([first, ...others, again].map((job) => job.id));
  }, 60_000);

  it('texts a real SOS from a fresh address once the general budget is spent, while the flood goes on', async () => {
    // The day's general texts are gone: a further caller from a busy address is refused for budget.
    await eventually(async () => (await notifications().findBy({ status: 'refused' })).some((row) => row.error?.includes('SMS_DAILY_LIMIT')), 30_000);
    const flooding = Promise.all(Array.from({ length: FLOOD }, (_, n) => sos(flooder(), floodPhone(100 + n))));
    const real = await sos(from('127.0.0.3'), '0412 555 010');
    expect(real.heldAt).toBeNull();
    await eventually(() => driverTextsTo(real.phone).length === 1, 30_000);
    const flood = await flooding;
    expect(flood.filter((job) => job.heldAt === null)).toHaveLength(0);
    await handled(flood.map((job) => job.id));
    for (const job of flood) expect(driverTextsTo(job.phone)).toHaveLength(0);
  }, 90_000);

  it(`answers the board at most ${JOB_LIST_MAX_PAGE} jobs, the newest open SOS first among them`, async () => {
    // More open jobs than a page, written as rows: the list must cut, and never the real SOS.
    await stack.api.dataSource.query(
      `INSERT INTO jobs (id, customer_name, phone, status, service, location, tracking_token, created_at)
       SELECT 'JOB-BULK-' || n, 'Bulk ' || n, '0412 000 000', 'Assigned', 'Engine Service', 'Karratha', 'bulk-token-' || n, now() - n * interval '1 second'
         FROM generate_series(1, $1) AS n`,
      [JOB_LIST_MAX_PAGE + 20],
    );
    const admin = await stack.api.adminClient();
    const board = await admin.get('/api/jobs');
    const listed = board.body as Job[];
    expect(listed).toHaveLength(JOB_LIST_MAX_PAGE);
    expect(listed.find((job) => job.phone === '0412 555 010')).toBeDefined();
    expect(listed.some((job) => job.heldAt !== null)).toBe(false);
    expect(((await admin.get('/api/jobs?search=Bulk&limit=5')).body as Job[]).length).toBe(5);
    const page = (await admin.get(`/api/jobs?search=Bulk&limit=${JOB_LIST_MAX_PAGE}`)).body as Job[];
    const next = (await admin.get(`/api/jobs?search=Bulk&before=${encodeURIComponent(page.at(-1)!.createdAt)}`)).body as Job[];
    expect(next).toHaveLength(20);
    expect(next.every((job) => job.createdAt < page.at(-1)!.createdAt)).toBe(true);
    const tooMany = await admin.get(`/api/jobs?limit=${JOB_LIST_MAX_PAGE + 1}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.map((error: { field: string }) => error.field)).toContain('limit');
  });
});
