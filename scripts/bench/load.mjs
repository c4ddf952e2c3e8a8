// `npm run bench:load [-- --rate 100 --seconds 30 --boards 100 --pages 900 --grace 60]`
//
// Issue 11's overload case, on the system as production runs it (the compiled API and worker
// as processes, from @towing/testkit, with its Twilio and SMTP peers): 100 admin boards and 900
// public pages on Socket.IO, then SOS requests at 100 a second for 30 s, each from its own phone,
// sent open-loop (a slow answer never delays the next). The load generator shares the machine.
// Prints answered/failed, HTTP p50/p99, request -> driver SMS p95 and lost/duplicated texts.
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startStack } from '@towing/testkit';
import { percentile } from './harness.mjs';
import { driverTexts, sosAtRate } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    boards: { type: 'string', default: '100' },
    pages: { type: 'string', default: '900' },
    grace: { type: 'string', default: '60' },
  },
});
const RATE = Number(flags.rate);
const SECONDS = Number(flags.seconds);
const BOARDS = Number(flags.boards);
const PAGES = Number(flags.pages);
const GRACE_MS = Number(flags.grace) * 1000;
const TARGETS = { failed: 0, httpP99Ms: 1000, smsP95Ms: 5000, lost: 0, duplicated: 0 };
const log = (message) => console.log(`[bench:load] ${message}`);

/** A thread of sockets (socket-fleet.mjs): admin boards with the admin's cookie, public pages without. */
function fleet(baseUrl, cookie, count) {
  const worker = new Worker(new URL('./socket-fleet.mjs', import.meta.url), { workerData: { baseUrl, cookie, count } });
  const next = (type) => new Promise((resolve, reject) => {
    const listener = (message) => {
      if (message.type === 'failed') reject(new Error(message.error));
      if (message.type !== type) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
  });
  return {
    ready: next('ready'),
    async close() {
      const closed = next('close');
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
    },
  };
}

const fmt = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a');
const verdict = (ok) => (ok ? 'ok' : 'MISSED');

log('starting the API and the worker (compiled) on a fresh database...');
// Every SOS carries its own phone: the day's SMS budget must not be what hides a driver's text.
const stack = await startStack({ env: { SMS_DAILY_LIMIT: String(RATE * SECONDS) } });
const fleets = [];
const stop = async () => {
  await Promise.all(fleets.map((one) => one.close().catch(() => undefined)));
  await stack.stop();
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const baseUrl = stack.api.baseUrl;
  const cookie = (await stack.api.adminClient()).cookie;
  fleets.push(fleet(baseUrl, cookie, BOARDS), fleet(baseUrl, undefined, Math.ceil(PAGES / 2)), fleet(baseUrl, undefined, Math.floor(PAGES / 2)));
  const connected = (await Promise.all(fleets.map((one) => one.ready))).reduce((sum, ready) => sum + ready.connected, 0);
  log(`${connected} sockets connected (${BOARDS} admin boards, ${PAGES} public pages); sending ${RATE} SOS/s for ${SECONDS} s`);

  const records = await sosAtRate(baseUrl, { rate: RATE, count: RATE * SECONDS });
  const answered = records.filter((record) => record.jobId).length;
  const failed = records.length - answered;
  const http = records.map((record) => record.ms).filter(Number.isFinite);
  log(`waiting up to ${GRACE_MS / 1000} s for the drivers' texts...`);
  const { lost, duplicated, delays } = await driverTexts(stack.twilio, records, GRACE_MS);
  const failures = {};
  for (const record of records.filter((one) => !one.jobId)) failures[record.error ?? record.status] = (failures[record.error ?? record.status] ?? 0) + 1;

  const result = { httpP50: percentile(http, 50), httpP99: percentile(http, 99), smsP95: percentile(delays, 95) };
  console.log('');
  console.log(`requests            ${records.length} (${RATE}/s for ${SECONDS} s, ${BOARDS} boards + ${PAGES} pages connected)`);
  console.log(`answered / failed   ${answered} / ${failed}   target ${TARGETS.failed} failed: ${verdict(failed === TARGETS.failed)}${failed ? `  (${JSON.stringify(failures)})` : ''}`);
  console.log(`HTTP p50 / p99      ${fmt(result.httpP50)} / ${fmt(result.httpP99)}   target p99 < ${TARGETS.httpP99Ms} ms: ${verdict(result.httpP99 < TARGETS.httpP99Ms)}`);
  console.log(`driver SMS p95      ${fmt(result.smsP95)}   target < ${TARGETS.smsP95Ms} ms: ${verdict(result.smsP95 < TARGETS.smsP95Ms)}`);
  console.log(`lost / duplicated   ${lost} / ${duplicated}   target 0 / 0: ${verdict(lost === 0 && duplicated === 0)}`);
  const met =
    failed === TARGETS.failed &&
    result.httpP99 < TARGETS.httpP99Ms &&
    result.smsP95 < TARGETS.smsP95Ms &&
    lost === TARGETS.lost &&
    duplicated === TARGETS.duplicated;
  // Like every bench: a missed target is a failed run.
  if (!met) process.exitCode = 1;
} finally {
  await stop();
}
