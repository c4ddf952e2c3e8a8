// `npm run bench:load [-- --rate 100 --seconds 30 --boards 100 --pages 900 --grace 60 --warm-up 300 --skip-build]`
//
// Issue 11's overload case, on the system as production runs it (the compiled API and worker
// as processes, from @towing/testkit, with its Twilio and SMTP peers): 100 admin boards and 900
// public pages on Socket.IO, then SOS requests at 100 a second for 30 s, each from its own phone,
// sent open-loop (a slow answer never delays the next). The load generator shares the machine.
// Every SOS behaves like the SOS page: refused with 503, it is sent again (same Idempotency-Key)
// after the page's backoff (or Retry-After if longer). Prints admitted/refused at the first try, the refusals' p99 (and
// apart, those that came on a new connection and those on one already open), how many refused
// SOS the retry delivered, HTTP p50/p99 and request -> driver SMS p95 of what was admitted, and
// lost/duplicated texts. Past capacity (`--rate 300`) refusals are expected; below it, none.
// Before the measured burst, `--warm-up` SOS at 50/s (texts awaited) run the code paths once, as
// a flood finds an API that has been up for hours: on a process just started, V8 runs them
// unoptimised and the first two seconds of a 300/s burst carried every answer slower than 1 s.
import { parseArgs } from 'node:util';
import { startStack } from '@towing/testkit';
import { startFleet } from './fleet.mjs';
import { build, ONE_ADDRESS_FLEET, percentile } from './harness.mjs';
import { driverTexts, sosAtRate } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    boards: { type: 'string', default: '100' },
    pages: { type: 'string', default: '900' },
    grace: { type: 'string', default: '60' },
    'warm-up': { type: 'string', default: '300' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const BOARDS = Number(flags.boards);
const PAGES = Number(flags.pages);
const GRACE_MS = Number(flags.grace) * 1000;
const WARM_UP = Number(flags['warm-up']);
const TARGETS = { httpP99Ms: 1000, smsP95Ms: 5000, refusalP99Ms: 50 };
const log = (message) => console.log(`[bench:load] ${message}`);

const fmt = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a');
const verdict = (ok) => (ok ? 'ok' : 'MISSED');

if (!flags['skip-build']) {
  log('building the API and worker (npm run build:server)');
  build({ frontend: false });
}
log('starting the API and the worker (compiled) on a fresh database...');
// Every SOS carries its own phone: the day's SMS budget must not be what hides a driver's text.
// It covers every driver's text and the on-call alerts from the general pool:
// the bench is one address, and the share kept for new callers (SMS_NEW_CALLER_RESERVE_PERCENT,
// 20%) is not its to spend, which read as 600 of 3,000 texts lost.
const stack = await startStack({ production: true, env: { ...ONE_ADDRESS_FLEET, SMS_DAILY_LIMIT: String((RATE * SECONDS + WARM_UP) * 2) } });
const fleets = [];
const stop = async () => {
  await Promise.all(fleets.map((one) => one.close().catch(() => undefined)));
  await stack.stop();
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const baseUrl = stack.api.baseUrl;
  const cookie = (await stack.api.adminClient()).cookie;
  fleets.push(startFleet(baseUrl, cookie, BOARDS), startFleet(baseUrl, undefined, Math.ceil(PAGES / 2)), startFleet(baseUrl, undefined, Math.floor(PAGES / 2)));
  const connected = (await Promise.all(fleets.map((one) => one.ready))).reduce((sum, ready) => sum + ready.connected, 0);
  if (WARM_UP > 0) {
    log(`${connected} sockets connected (${BOARDS} admin boards, ${PAGES} public pages); warming up: ${WARM_UP} SOS at 50/s...`);
    const warm = await sosAtRate(baseUrl, { rate: 50, count: WARM_UP, first: RATE * SECONDS, retry: true, deadline: Date.now() + WARM_UP * 20 + GRACE_MS });
    await driverTexts(stack.twilio, warm, GRACE_MS);
  }
  log(`sending ${RATE} SOS/s for ${SECONDS} s`);

  // Like the SOS page: a refused SOS is sent again with the same Idempotency-Key after the page's backoff.
  const started = Date.now();
  const generatorCpu = process.cpuUsage();
  const records = await sosAtRate(baseUrl, { rate: RATE, count: RATE * SECONDS, retry: true, deadline: started + SECONDS * 1000 + GRACE_MS });
  const generator = process.cpuUsage(generatorCpu);
  const generatorMsPerSend = (generator.user + generator.system) / 1000 / records.reduce((sum, record) => sum + record.attempts, 0);
  const admitted = records.filter((record) => record.first.status === 201);
  const refused = records.filter((record) => record.first.status === 503);
  const delivered = records.filter((record) => record.jobId);
  const failed = records.length - delivered.length;
  const retried = refused.filter((record) => record.jobId).length;
  log(`waiting up to ${GRACE_MS / 1000} s for the drivers' texts...`);
  const { lost, duplicated } = await driverTexts(stack.twilio, records, GRACE_MS);
  // Latencies of what was admitted at the first try: the retried ones waited on purpose.
  const firstTry = await driverTexts(stack.twilio, admitted, 0);
  const failures = {};
  for (const record of records.filter((one) => one.first.status !== 201 && one.first.status !== 503)) {
    failures[record.error ?? record.first.status] = (failures[record.error ?? record.first.status] ?? 0) + 1;
  }

  const http = admitted.map((record) => record.first.ms);
  const result = {
    httpP50: percentile(http, 50),
    httpP99: percentile(http, 99),
    refusalP99: percentile(refused.map((record) => record.first.ms), 99),
    smsP95: percentile(firstTry.delays, 95),
  };
  const overload = RATE > 100;
  console.log('');
  console.log(`requests            ${records.length} (${RATE}/s for ${SECONDS} s, ${BOARDS} boards + ${PAGES} pages connected)`);
  // The generator shares the box: what each send cost it is CPU the API and worker did not get.
  // Its process also hosts the Twilio and SMTP stand-ins that take the texts and emails; the
  // boards' and pages' sockets are other processes.
  console.log(`generator CPU       ${generatorMsPerSend.toFixed(2)} ms per send (with the Twilio and SMTP stand-ins it hosts)`);
  console.log(`admitted / refused  ${admitted.length} / ${refused.length} at the first try${overload ? '' : `   target 0 refused: ${verdict(refused.length === 0)}`}${Object.keys(failures).length ? `  (other: ${JSON.stringify(failures)})` : ''}`);
  console.log(`refusal p99         ${fmt(result.refusalP99)}   target < ${TARGETS.refusalP99Ms} ms: ${verdict(!(result.refusalP99 >= TARGETS.refusalP99Ms))}`);
  if (refused.length > 0) {
    const refusalMs = (newConnection) => refused.filter((record) => record.first.newConnection === newConnection).map((record) => record.first.ms);
    const [onNew, onOpen] = [refusalMs(true), refusalMs(false)];
    console.log(
      `  by connection     on a new one ${onNew.length}, p99 ${fmt(percentile(onNew, 99))} (queued in the kernel until the API accepts it, one per event-loop turn); ` +
        `on one already open ${onOpen.length}, p99 ${fmt(percentile(onOpen, 99))}`,
    );
  }
  console.log(`retry delivered     ${retried} of ${refused.length} refused; never delivered ${failed}   target 0: ${verdict(failed === 0)}`);
  console.log(`HTTP p50 / p99      ${fmt(result.httpP50)} / ${fmt(result.httpP99)} (admitted)   target p99 < ${TARGETS.httpP99Ms} ms: ${verdict(result.httpP99 < TARGETS.httpP99Ms)}`);
  console.log(`driver SMS p95      ${fmt(result.smsP95)} (admitted)   target < ${TARGETS.smsP95Ms} ms: ${verdict(result.smsP95 < TARGETS.smsP95Ms)}`);
  console.log(`lost / duplicated   ${lost} / ${duplicated}   target 0 / 0: ${verdict(lost === 0 && duplicated === 0)}`);
  const met =
    (overload || refused.length === 0) &&
    failed === 0 &&
    !(result.refusalP99 >= TARGETS.refusalP99Ms) &&
    result.httpP99 < TARGETS.httpP99Ms &&
    result.smsP95 < TARGETS.smsP95Ms &&
    lost === 0 &&
    duplicated === 0;
  // Like every bench: a missed target is a failed run.
  if (!met) process.exitCode = 1;
} finally {
  await stop();
}
