import { randomUUID } from 'node:crypto';
import { type Job, toE164 } from '@towing/contracts';
import { NotificationEntity } from '@towing/db';
import { eventually, type Stack, startStack, TestClient } from '@towing/testkit';

/** General overseas pool 2, and 2 kept for callers from addresses that sent nothing in the last hour. */
const OVERSEAS_DAILY_LIMIT = 4;
const FLOOD = 12;

/**
 * SMS pumping through the SOS confirmation text: one address sends SOS with overseas mobiles
 * (Russian and Nigerian), from more than one loopback address (every 127.x address is this
 * machine; the API trusts no proxy). Admission holds nothing here, so what bounds the texts is
 * the SMS policy alone. The tests run in order on one stack and share its budgets.
 */
describe('overseas texts caused by SOS from the public', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      env: {
        SOS_SOURCE_HOURLY_ALLOWANCE: '100',
        SMS_OVERSEAS_DAILY_LIMIT: String(OVERSEAS_DAILY_LIMIT),
        SMS_NEW_CALLER_RESERVE_PERCENT: '50',
      },
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const from = (localAddress: string) => new TestClient(stack.api.baseUrl, { localAddress });
  const floodPhone = (n: number) => (n % 2 === 0 ? `+7 912 345 67 ${String(n).padStart(2, '0')}` : `+234 803 123 45${String(n).padStart(2, '0')}`);
  const oncall = () => stack.variables.ONCALL_PHONES!.split(',');

  async function sos(client: TestClient, phone: string): Promise<Job> {
    const response = await client.post('/api/sos', { phone, customerName: 'Sam Driver' }, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(201);
    return response.body.job as Job;
  }

  /** The driver's text of this SOS, once it is sent or refused. */
  const driverText = (job: Job) =>
    eventually(async () => {
      const rows = await stack.api.dataSource.getRepository(NotificationEntity).findBy({ jobId: job.id, type: 'sms' });
      return rows.find((row) => !oncall().includes(row.recipientPhone!) && (row.status === 'sent' || row.status === 'refused'));
    }, 30_000);
  const textsTo = (phone: string) => stack.twilio.to(toE164(phone)!).filter((sms) => !oncall().includes(sms.to));

  let texted: string;

  it(`texts at most one of a flood of SOS with overseas mobiles from one address, and says why for the rest`, async () => {
    const flooder = from('127.0.0.2');
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, n) => sos(flooder, floodPhone(n))));
    expect(flood.every((job) => job.heldAt === null)).toBe(true);
    const rows = await Promise.all(flood.map(driverText));

    const sent = rows.filter((row) => row.status === 'sent');
    expect(sent).toHaveLength(1);
    texted = sent[0]!.recipientPhone!;
    expect(flood.map((job) => textsTo(job.phone).length).reduce((sum, count) => sum + count, 0)).toBe(1);
    for (const row of rows.filter((candidate) => candidate.status === 'refused')) {
      expect(row.error).toBe("Overseas number: this caller's address has caused 1 overseas text today (SMS_OVERSEAS_SOURCE_DAILY_LIMIT)");
    }
  }, 120_000);

  it('still texts a domestic caller behind the flooding address', async () => {
    const job = await sos(from('127.0.0.2'), '0412 600 001');
    expect((await driverText(job)).status).toBe('sent');
    expect(textsTo(job.phone)).toHaveLength(1);
  }, 60_000);

  it('texts a later SOS from another address with an overseas number', async () => {
    const job = await sos(from('127.0.0.3'), '+7 916 123 45 67');
    expect((await driverText(job)).status).toBe('sent');
    expect(textsTo(job.phone)).toHaveLength(1);
  }, 60_000);

  it('texts an overseas number once a day for SOS, whichever address sends them', async () => {
    const job = await sos(from('127.0.0.4'), texted);
    const row = await driverText(job);
    expect({ status: row.status, error: row.error }).toEqual({ status: 'refused', error: 'Overseas number: SOS from the public have texted it once today (SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT)' });
    expect(textsTo(texted)).toHaveLength(1);
  }, 60_000);

  it('keeps overseas texts for new callers once the general overseas pool is spent', async () => {
    // The general pool (2) went on the flood's one text and the second address's.
    const busy = from('127.0.0.5');
    expect((await driverText(await sos(busy, '0412 600 002'))).status).toBe('sent');
    const again = await driverText(await sos(busy, '+234 806 123 4560'));
    expect({ status: again.status, error: again.error }).toEqual({
      status: 'refused',
      error: `Overseas number: today's budget of ${OVERSEAS_DAILY_LIMIT} overseas texts is spent but for the 2 kept for new callers (SMS_OVERSEAS_DAILY_LIMIT)`,
    });
    expect(textsTo('+2348061234560')).toHaveLength(0);

    const tourist = await sos(from('127.0.0.6'), '+234 703 123 4561');
    expect((await driverText(tourist)).status).toBe('sent');
    expect(textsTo(tourist.phone)).toHaveLength(1);
  }, 60_000);
});
