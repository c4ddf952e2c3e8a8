// `npm run bench:flood [-- --count 10000 --concurrency 32 --flood-seconds 600 --skip-build]`
//
// Issue 17's first attack, bounded: one address (127.0.0.2) sends `--count` SOS, each from a
// mobile of its own with its own Idempotency-Key, `--concurrency` at a time and for at most
// `--flood-seconds`; then one real SOS comes from another address (127.0.0.3). Both are loopback
// addresses of this machine, so the API needs no TRUST_PROXY to tell them apart. The system runs
// as production does (compiled API and worker, production settings, SOS_SOURCE_HOURLY_ALLOWANCE
// and the SMS budgets at their defaults). Prints: SOS stored and held, texts sent to the flood's
// numbers, time from the real SOS to its driver SMS at the Twilio peer, the admin list's answer
// size, and the API's memory. Targets: the real SOS is texted, and not held; at most the
// allowance of flood numbers is texted; the admin list stays under 1 MB.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import { QUEUES, toE164 } from '@towing/contracts';
import { fromLocalAddress, startStack } from '@towing/testkit';
import { build, sleep, startRun } from './harness.mjs';
import { sendSos } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
    'flood-seconds': { type: 'string', default: '600' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const COUNT = Number(flags.count);
const CONCURRENCY = Number(flags.concurrency);
const FLOOD_MS = Number(flags['flood-seconds']) * 1000;
const ALLOWANCE = 5;
const LIST_TARGET_BYTES = 1024 * 1024;
/** How long the real caller's text and the flood's last events may take once the flood stops. */
const DRAIN_MS = 180_000;
const FLOODER = '127.0.0.2';
const REAL_CALLER = '127.0.0.3';
const REAL_PHONE = '0499 000 111';

const run = startRun({ tag: '[bench:flood]', budgetMs: FLOOD_MS + DRAIN_MS + 300_000 });
const { log } = run;

function rssMb(pid) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** A mobile of its own per flood SOS, in a block the real caller's number is not in. */
const floodPhone = (n) => `04${String(20_000_000 + n).padStart(8, '0')}`;

async function main() {
  if (!flags['skip-build']) {
    log('building the API and worker (npm run build:server)');
    build({ frontend: false });
  }
  // The test kit lifts the per-address allowances (its tests send everything from one address): put production's back.
  const stack = await startStack({ production: true, env: { SOS_SOURCE_HOURLY_ALLOWANCE: String(ALLOWANCE), SMS_SOURCE_DAILY_LIMIT: '20' } });
  run.defer('stopping the stack', () => stack.stop(), 30_000);
  const baseUrl = stack.api.baseUrl;
  const rss = [];
  const sampler = setInterval(() => rss.push(rssMb(stack.api.process.child.pid)), 500);
  run.defer('stopping the memory sampler', () => clearInterval(sampler));

  log(`flooding: ${COUNT} SOS from ${FLOODER}, ${CONCURRENCY} at a time, for at most ${FLOOD_MS / 1000} s`);
  const flooder = fromLocalAddress(FLOODER);
  const started = Date.now();
  const statuses = new Map();
  let next = 0;
  const lane = async () => {
    while (next < COUNT && Date.now() - started < FLOOD_MS) {
      const n = next++;
      const record = await sendSos(baseUrl, n, { phone: floodPhone(n), dispatcher: flooder });
      statuses.set(record.status, (statuses.get(record.status) ?? 0) + 1);
      if (n > 0 && n % 1000 === 0) log(`  ${n} sent in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const sent = next;
  const floodSeconds = (Date.now() - started) / 1000;
  log(`flood sent ${sent} in ${floodSeconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}`);

  log(`the real SOS from ${REAL_CALLER}`);
  const realSent = Date.now();
  const real = await sendSos(baseUrl, -1, { phone: REAL_PHONE, dispatcher: fromLocalAddress(REAL_CALLER) });
  const realE164 = toE164(REAL_PHONE);
  let realTextMs = Number.NaN;
  while (Date.now() - realSent < DRAIN_MS) {
    const text = stack.twilio.received.find((sms) => sms.to === realE164 && sms.body.includes('help is on the way'));
    if (text) {
      realTextMs = text.receivedAt - realSent;
      break;
    }
    await sleep(50);
  }

  log('waiting for the worker to finish the flood\'s events');
  const queue = new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
  run.defer('closing the queue', () => queue.close());
  const drainStart = Date.now();
  let drained = false;
  while (!drained && Date.now() - drainStart < DRAIN_MS) {
    const [{ unpublished }] = await stack.api.dataSource.query(`SELECT count(*)::int AS unpublished FROM outbox WHERE published_at IS NULL`);
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    drained = unpublished === 0 && Object.values(counts).every((count) => count === 0);
    if (!drained) await sleep(500);
  }

  const [{ stored, held }] = await stack.api.dataSource.query(
    `SELECT count(*)::int AS stored, count(*) FILTER (WHERE held_at IS NOT NULL)::int AS held FROM jobs WHERE phone LIKE '042%'`,
  );
  const [realRow] = await stack.api.dataSource.query(`SELECT held_at FROM jobs WHERE id = $1`, [real.jobId]);
  const floodNumbers = new Set(Array.from({ length: sent }, (_, n) => toE164(floodPhone(n))));
  const floodTexts = stack.twilio.received.filter((sms) => floodNumbers.has(sms.to)).length;
  const oncall = new Set(stack.variables.ONCALL_PHONES.split(','));
  const oncallTexts = stack.twilio.received.filter((sms) => oncall.has(sms.to));
  const admin = await stack.api.adminClient();
  const list = await admin.get('/api/jobs');
  const listBytes = Buffer.byteLength(list.text);
  const holds = await admin.get('/api/sos-holds');
  const realListed = list.body.some((job) => job.id === real.jobId);

  const results = {
    realTexted: Number.isFinite(realTextMs),
    realHeld: realRow?.held_at != null,
    floodTexts,
    listBytes,
  };
  const targets = {
    realTexted: results.realTexted,
    realNotHeld: !results.realHeld && real.status === 201,
    floodTextsWithinAllowance: floodTexts <= ALLOWANCE,
    listUnder1MB: listBytes <= LIST_TARGET_BYTES,
    realOnTheBoard: realListed,
  };
  console.log('');
  console.log(`flood: ${sent} SOS from one address in ${floodSeconds.toFixed(1)} s (${(sent / floodSeconds).toFixed(0)}/s); events drained: ${drained ? 'yes' : 'NO'}`);
  console.log(`  stored:                    ${stored}`);
  console.log(`  held:                      ${held}`);
  console.log(`  texts to flood numbers:    ${floodTexts} (allowance ${ALLOWANCE})  ${targets.floodTextsWithinAllowance ? 'ok' : 'MISSED'}`);
  console.log(`  texts to on-call phones:   ${oncallTexts.length}; last: ${JSON.stringify(oncallTexts.at(-1)?.body ?? null)}`);
  console.log(`real SOS from another address: answered ${real.status} in ${real.ms} ms, held: ${results.realHeld ? 'YES' : 'no'}  ${targets.realNotHeld ? 'ok' : 'MISSED'}`);
  console.log(`  request -> driver SMS:     ${Number.isFinite(realTextMs) ? `${realTextMs} ms` : 'never'}  ${targets.realTexted ? 'ok' : 'MISSED'}`);
  console.log(`  on the board's list:       ${realListed ? 'yes' : 'NO'}  ${targets.realOnTheBoard ? 'ok' : 'MISSED'}`);
  console.log(`admin GET /api/jobs:         ${list.body.length} jobs, ${(listBytes / 1024).toFixed(1)} kB  ${targets.listUnder1MB ? 'ok' : 'MISSED'}`);
  console.log(`admin GET /api/sos-holds:    ${holds.body.length} source(s), ${Buffer.byteLength(holds.text)} bytes: ${holds.body.map((source) => `${source.count} held`).join(', ')}`);
  console.log(`API memory (VmRSS every 500 ms): peak ${Math.max(...rss).toFixed(0)} MiB, at the end ${rss.at(-1)?.toFixed(0)} MiB`);
  await run.finish(Object.values(targets).every(Boolean) ? 0 : 1);
}

main().catch((error) => run.abort(`failed: ${error.stack ?? error.message}`));
