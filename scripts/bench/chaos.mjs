// `npm run bench:chaos [-- --redis-down 30 --grace 90]`
//
// Issue 11's fault cases, one after another, on the compiled API and worker (from
// @towing/testkit) with a Redis and a PostgreSQL of the run's own, which it stops and starts:
//   1. Redis stopped for 30 s while SOS keep coming;
//   2. the worker killed with SIGKILL in the middle of a burst, and a new one started;
//   3. PostgreSQL stopped and started again while SOS keep coming;
//   4. the SMS burst: 300 SOS in 3 s carrying one phone number;
//   5. the SMS cannon: 300 SOS in 3 s, each from another number, Australian mobiles mixed with
//      satellite, premium-rate, shared-cost and overseas numbers;
//   6. the escalation ladder (issue 18) with its rungs 5 s apart: the worker killed with SIGKILL
//      after the first call, started again after the second rung fell due; every call and the
//      office's email must still come, each once.
// SOS are sent as the SOS page sends them: a network error, a 429 or a 5xx is retried with the
// same Idempotency-Key (after the page's backoff, or Retry-After if longer). For each case it
// prints what was answered, lost (an accepted SOS whose driver was never texted) and duplicated
// (a driver texted twice).
import { parseArgs } from 'node:util';
import { PostgresProcess, RedisProcess, startStack, TwilioPeerVoice } from '@towing/testkit';
import { sleep } from './harness.mjs';
import { driverTexts, sendSos, sosAtRate } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    'redis-down': { type: 'string', default: '30' },
    grace: { type: 'string', default: '90' },
  },
});
const REDIS_DOWN_MS = Number(flags['redis-down']) * 1000;
const GRACE_MS = Number(flags.grace) * 1000;
const ONCALL = ['+61491570157', '+61491570158'];
const log = (message) => console.log(`[bench:chaos] ${message}`);

log('starting a PostgreSQL and a Redis of our own, then the API and the worker...');
// Redis keeps its data across the stop, as production's append-only Redis does (docker-compose.yml).
const [postgres, redis] = await Promise.all([PostgresProcess.start(), RedisProcess.start({ persistent: true })]);
process.env.TEST_DATABASE_SERVER = postgres.url;
// Each SOS of the fault cases carries its own phone: the day's SMS budget must not be what hides a driver's text.
// The ladder's rungs 5, 10 and 15 s after an SOS, so the fault case below sees the whole climb.
const LADDER_STEP_MS = 5000;
const stack = await startStack({ env: { REDIS_URL: redis.url, SMS_DAILY_LIMIT: '100000', ESCALATION_DELAYS_MS: [1, 2, 3].map((n) => n * LADDER_STEP_MS).join(',') } });
// Twilio's Calls API and status callbacks: the ladder's calls are placed and recorded.
const voice = new TwilioPeerVoice(stack.twilio);
const baseUrl = stack.api.baseUrl;
const results = [];
let next = 0;

/** SOS at `rate` per second for `seconds`, page-like retries until `deadlineMs` after the start, while `during` runs. */
async function traffic(name, { rate, seconds, deadlineMs }, during) {
  const first = next;
  next += rate * seconds;
  const sent = sosAtRate(baseUrl, { rate, count: rate * seconds, first, retry: true, deadline: Date.now() + deadlineMs });
  await during();
  const records = await sent;
  log(`${name}: ${records.length} sent; waiting up to ${GRACE_MS / 1000} s for the drivers' texts...`);
  const { lost, duplicated } = await driverTexts(stack.twilio, records, GRACE_MS);
  const answered = records.filter((record) => record.jobId).length;
  const retried = records.filter((record) => record.attempts > 1).length;
  results.push({ name, sent: records.length, answered, lost, duplicated, note: `${retried} answered only after a retry` });
}

try {
  await traffic(`Redis stopped ${REDIS_DOWN_MS / 1000} s`, { rate: 5, seconds: REDIS_DOWN_MS / 1000 + 10, deadlineMs: REDIS_DOWN_MS + 60_000 }, async () => {
    await sleep(3000);
    await redis.stop();
    log('Redis stopped');
    await sleep(REDIS_DOWN_MS);
    await redis.start();
    log('Redis started again');
  });

  await traffic('worker killed (SIGKILL) mid-burst', { rate: 20, seconds: 10, deadlineMs: 60_000 }, async () => {
    await sleep(2000);
    await stack.worker.kill();
    log('worker killed');
    await sleep(2000);
    await stack.startWorker();
    log('a new worker started');
  });

  await traffic('PostgreSQL restarted', { rate: 10, seconds: 15, deadlineMs: 90_000 }, async () => {
    await sleep(3000);
    await postgres.stop();
    log('PostgreSQL stopped');
    await sleep(5000);
    await postgres.start();
    log('PostgreSQL started again');
  });

  // The SMS cannon: one address, one number, as fast as it can.
  const ownersBefore = ONCALL.map((phone) => stack.twilio.to(phone).length);
  const burstStarted = Date.now();
  const burst = await Promise.all(Array.from({ length: 300 }, (_, n) => sendSos(baseUrl, 900_000, { retry: true, deadline: Date.now() + 60_000 }).then((record) => ({ ...record, n }))));
  const answered = burst.filter((record) => record.jobId).length;
  log(`SMS burst: ${answered} of 300 answered in ${Date.now() - burstStarted} ms; waiting for the owners' summary (one a minute)...`);
  await sleep(70_000);
  const owners = ONCALL.map((phone, index) => stack.twilio.to(phone).length - ownersBefore[index]);
  const driver = stack.twilio.to(burst[0].e164).length;
  const onBoard = (await stack.api.dataSource.query(`SELECT count(*)::int AS n FROM jobs WHERE phone = $1`, [burst[0].phone]))[0].n;
  const refused = (await stack.api.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE status = 'refused'`))[0].n;
  const ids = new Set(burst.map((record) => record.jobId).filter(Boolean));
  results.push({
    name: 'SMS burst (300 SOS, one number)',
    sent: 300,
    answered,
    lost: answered - onBoard,
    duplicated: burst.filter((record) => record.jobId).length - ids.size,
    note: `on the board ${onBoard}; texts to the driver ${driver}; to each owner ${owners.join(' and ')}; ${refused} refusals in the log`,
  });

  // The SMS cannon: a number of its own per SOS, a fifth of them costly and a fifth overseas.
  const CANNON = ['04', '+88216', '1900', '1300', '+447911'];
  const cannonPhone = (n) => {
    const kind = CANNON[n % CANNON.length];
    const digits = String(100_000 + n).slice(-6);
    return kind === '04' ? `04${String(20_000_000 + n).padStart(8, '0')}` : kind === '1900' || kind === '1300' ? `${kind} ${digits}` : `${kind}${digits}`;
  };
  const textsBefore = stack.twilio.received.length;
  const cannon = await Promise.all(Array.from({ length: 300 }, (_, n) => sendSos(baseUrl, 1_000_000 + n, { retry: true, deadline: Date.now() + 60_000, phone: cannonPhone(n) })));
  const cannonIds = cannon.map((record) => record.jobId).filter(Boolean);
  log(`SMS cannon: ${cannonIds.length} of 300 answered; waiting for the texts to settle...`);
  await sleep(20_000);
  const texts = stack.twilio.received.slice(textsBefore).filter((sms) => !ONCALL.includes(sms.to));
  const byKind = CANNON.map((kind) => {
    const prefix = kind === '04' ? '+614' : kind === '1900' ? '+611900' : kind === '1300' ? '+611300' : kind;
    return `${kind}: ${texts.filter((sms) => sms.to.startsWith(prefix)).length}`;
  });
  const reasons = await stack.api.dataSource.query(
    `SELECT split_part(error, ' ', 1) || ' ' || split_part(error, ' ', 2) || ' ' || split_part(error, ' ', 3) AS reason, count(*)::int AS n
       FROM notifications WHERE status = 'refused' AND job_id = ANY($1) AND recipient_phone NOT IN ($2, $3) GROUP BY 1 ORDER BY 2 DESC`,
    [cannonIds, ...ONCALL],
  );
  const cannonOnBoard = (await stack.api.dataSource.query(`SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1)`, [cannonIds]))[0].n;
  results.push({
    name: 'SMS cannon (300 SOS, 300 numbers)',
    sent: 300,
    answered: cannonIds.length,
    lost: cannonIds.length - cannonOnBoard,
    duplicated: cannonIds.length - new Set(cannonIds).size,
    note: `driver texts sent by kind (60 SOS each): ${byKind.join(', ')}; refused: ${reasons.map((row) => `${row.n} "${row.reason}…"`).join(', ')}`,
  });

  // The ladder mid-climb: rung 1 calls Dean, the worker is killed, rung 2 falls due with no worker,
  // a new worker takes rungs 2 and 3. Expected, each once: Dean twice (rungs 1 and 3), Matt
  // twice (rungs 2 and 3), one email to the office.
  // The earlier cases' SOS climbed a ladder of their own: this SOS must start a new one.
  const climbing = async () => (await stack.api.dataSource.query(`SELECT count(*)::int AS n FROM escalations WHERE finished_at IS NULL`))[0].n;
  for (const end = Date.now() + GRACE_MS; Date.now() < end && (await climbing()) > 0; ) await sleep(500);
  const callsBefore = voice.calls.length;
  const climb = await sendSos(baseUrl, 2_000_000, { retry: true });
  const ladderCalls = () => voice.calls.slice(callsBefore);
  const until = async (condition, ms) => {
    for (const end = Date.now() + ms; Date.now() < end && !condition(); ) await sleep(200);
  };
  await until(() => ladderCalls().length >= 1, GRACE_MS);
  await stack.worker.kill();
  log(`ladder: first call placed (${ladderCalls().map((call) => call.to).join(', ')}); worker killed`);
  await sleep(LADDER_STEP_MS + 1000);
  await stack.startWorker();
  log('ladder: a new worker started');
  await until(() => ladderCalls().length >= 4, GRACE_MS);
  // A little longer: a call placed twice would show now.
  await sleep(LADDER_STEP_MS);
  const byPhone = ONCALL.map((phone) => ladderCalls().filter((call) => call.to === phone).length);
  const officeEmails = stack.smtp.received.filter((mail) => mail.raw.includes('nobody has acknowledged') && mail.raw.includes(climb.jobId ?? '-')).length;
  const steps = (await stack.api.dataSource.query(`SELECT count(*)::int AS n FROM escalation_steps s JOIN escalation_jobs j ON j.escalation_id = s.escalation_id WHERE j.job_id = $1`, [climb.jobId]))[0].n;
  const expected = [2, 2];
  results.push({
    name: 'worker killed (SIGKILL) mid-climb',
    sent: 1,
    answered: climb.jobId ? 1 : 0,
    lost: expected.reduce((sum, want, index) => sum + Math.max(0, want - byPhone[index]), 0) + Math.max(0, 1 - officeEmails),
    duplicated: expected.reduce((sum, want, index) => sum + Math.max(0, byPhone[index] - want), 0) + Math.max(0, officeEmails - 1),
    note: `calls to Dean ${byPhone[0]} and Matt ${byPhone[1]} (2 each expected), office emails ${officeEmails}, ${steps} steps on the trail`,
  });
} finally {
  console.log('');
  console.log('case                                   sent  answered  lost  duplicated');
  for (const result of results) {
    console.log(`${result.name.padEnd(38)} ${String(result.sent).padStart(4)}  ${String(result.answered).padStart(8)}  ${String(result.lost).padStart(4)}  ${String(result.duplicated).padStart(10)}   ${result.note}`);
  }
  await stack.stop().catch((error) => console.error(`[bench:chaos] stopping the stack: ${error.message}`));
  await Promise.all([postgres.remove(), redis.remove()]);
}
