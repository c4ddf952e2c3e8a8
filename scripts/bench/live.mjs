// `npm run bench:live [-- --sockets 1000 --rounds 100 --gap 300 --socket-threads 2 --skip-build]`
//
// How fast every dispatcher's board hears an SOS: the compiled API and worker as production
// runs them (testkit's startStack), a thousand signed-in admin boards on Socket.IO, and SOS
// requests one round at a time. Each round is timed from sending POST /api/sos until the last
// of the boards has the job's `job:created`; the report gives p50/p95/p99 and the worst round,
// the frames each board was sent per SOS, request -> driver SMS at the Twilio peer, and the
// processes' memory. Everything it starts it stops; it only talks to 127.0.0.1.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { toE164 } from '@towing/contracts';
import { epochMs, startStack } from '@towing/testkit';
import { build, ONE_ADDRESS_FLEET, sleep, startRun, summarise, withTimeout } from './harness.mjs';
import { driverPhone } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '100' },
    gap: { type: 'string', default: '300' },
    'warm-up': { type: 'string', default: '5' },
    'socket-threads': { type: 'string', default: '2' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const SOCKETS = Number(flags.sockets);
const ROUNDS = Number(flags.rounds);
const GAP_MS = Number(flags.gap);
const WARM_UP = Number(flags['warm-up']);
const THREADS = Math.min(Number(flags['socket-threads']), SOCKETS);
for (const [name, value] of Object.entries({ sockets: SOCKETS, rounds: ROUNDS, 'socket-threads': THREADS })) {
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
}

const TARGETS = { fanoutP99Ms: 50, framesPerSos: 2 };
/** A round whose boards have not all heard the SOS by then counts as missed. */
const ROUND_TIMEOUT_MS = 10_000;
/** After the last round: time for the pushes an SOS causes later (stats, the worker's messages) to arrive and be counted. */
const SETTLE_MS = 3000;

const run = startRun({ tag: '[bench:live]', budgetMs: (ROUNDS * (GAP_MS + 1000) + 300_000) });
const { log } = run;

// ---------------------------------------------------------------- the boards

function startFleet(baseUrl, cookie) {
  const perThread = Math.ceil(SOCKETS / THREADS);
  const threads = [];
  for (let first = 0; first < SOCKETS; first += perThread) {
    const count = Math.min(perThread, SOCKETS - first);
    const worker = new Worker(new URL('./socket-fleet.mjs', import.meta.url), { workerData: { baseUrl, cookie, count } });
    const thread = { worker, count, waiters: new Map() };
    const settle = (key, message) => {
      const waiter = thread.waiters.get(key);
      if (waiter) {
        thread.waiters.delete(key);
        waiter(message);
      }
    };
    worker.on('message', (message) => settle(message.jobId ? `${message.type}:${message.jobId}` : message.type, message));
    worker.on('error', (error) => settle('ready', { type: 'failed', error: error.message }));
    threads.push(thread);
  }
  return threads;
}

function ask(thread, message) {
  const key = message.jobId ? `${message.type}:${message.jobId}` : message.type;
  return new Promise((resolve) => {
    thread.waiters.set(key, resolve);
    thread.worker.postMessage(message);
  });
}

function ready(thread) {
  return new Promise((resolve) => thread.waiters.set('ready', resolve));
}

async function closeFleet(threads) {
  await Promise.all(threads.map((thread) => withTimeout(ask(thread, { type: 'close' }), 10_000, 'closing sockets').catch(() => undefined)));
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}

// ---------------------------------------------------------------- measurements

function rssMb(pid) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** One round: the SOS request, then every board's job:created. */
async function sosRound(baseUrl, threads, index) {
  const phone = driverPhone(index);
  const sent = epochMs();
  const response = await fetch(`${baseUrl}/api/sos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-live-${process.pid}-${index}` },
    body: JSON.stringify({
      phone,
      customerName: `Bench Driver ${index}`,
      vehicle: 'Hilux',
      situation: `bench round ${index}`,
      gps: { lat: -20.7 - index / 1e4, lng: 116.846254, accuracyM: 12 },
    }),
  });
  const answered = epochMs();
  const text = await response.text();
  if (response.status !== 201) return { index, sent, answered, status: response.status, error: text.slice(0, 200) };
  const jobId = JSON.parse(text).job.id;
  const replies = await withTimeout(Promise.all(threads.map((thread) => ask(thread, { type: 'round', jobId }))), ROUND_TIMEOUT_MS, `round ${index}`).catch(
    () => Promise.all(threads.map((thread) => ask(thread, { type: 'progress', jobId }))),
  );
  const received = replies.reduce((sum, reply) => sum + reply.received, 0);
  const last = Math.max(...replies.map((reply) => reply.last));
  return { index, sent, answered, status: 201, jobId, phone, received, allHeard: received === SOCKETS ? last - sent : Number.NaN };
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`${SOCKETS} admin sockets in ${THREADS} thread(s), ${WARM_UP} warm-up + ${ROUNDS} timed SOS rounds ${GAP_MS} ms apart; ${cpus().length} CPU, Node ${process.version}`);
  if (!flags['skip-build']) {
    log('building the API and worker (tsc -b)');
    build({ frontend: false });
  }
  // Every round's SOS carries its own phone: the day's SMS budget must not be what hides a driver's text.
  const stack = await startStack({ production: true, env: { ...ONE_ADDRESS_FLEET, SMS_DAILY_LIMIT: String(WARM_UP + ROUNDS) } });
  run.defer('stopping the stack', () => stack.stop(), 30_000);
  const baseUrl = stack.api.baseUrl;
  const admin = await stack.api.adminClient();

  log(`connecting ${SOCKETS} admin boards to ${baseUrl}`);
  const connectStart = epochMs();
  const threads = startFleet(baseUrl, admin.cookie);
  run.defer('closing the boards', () => closeFleet(threads));
  const outcomes = await withTimeout(Promise.all(threads.map(ready)), 180_000, 'connecting sockets');
  const failed = outcomes.find((outcome) => outcome.type === 'failed');
  if (failed) return run.abort(`a board could not connect: ${failed.error}`);
  const connected = outcomes.reduce((sum, outcome) => sum + outcome.connected, 0);
  if (connected !== SOCKETS) return run.abort(`only ${connected} of ${SOCKETS} sockets connected`);
  log(`${connected} boards connected in ${((epochMs() - connectStart) / 1000).toFixed(1)} s`);

  for (let index = 0; index < WARM_UP; index += 1) {
    await sosRound(baseUrl, threads, -1 - index);
    await sleep(GAP_MS);
  }
  await sleep(SETTLE_MS);
  await Promise.all(threads.map((thread) => ask(thread, { type: 'reset' })));

  const rss = { api: [], worker: [] };
  const sample = () => {
    rss.api.push(rssMb(stack.api.process.child.pid));
    rss.worker.push(rssMb(stack.worker.child.pid));
  };
  const sampler = setInterval(sample, 500);
  run.defer('stopping the memory sampler', () => clearInterval(sampler));

  log(`timing ${ROUNDS} rounds`);
  const rounds = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    rounds.push(await sosRound(baseUrl, threads, index));
    await sleep(GAP_MS);
  }
  await sleep(SETTLE_MS);
  clearInterval(sampler);
  sample();
  const reports = await Promise.all(threads.map((thread) => ask(thread, { type: 'report' })));

  const frames = {};
  for (const report of reports) for (const [event, count] of Object.entries(report.frames)) frames[event] = (frames[event] ?? 0) + count;
  const created = rounds.filter((round) => round.status === 201);
  const sms = [];
  for (const round of created) {
    const e164 = toE164(round.phone) ?? round.phone;
    const text = stack.twilio.received.find((message) => message.to === e164 && message.body.includes(round.jobId));
    if (text) sms.push(text.receivedAt - round.sent);
  }
  return report({
    rounds,
    created,
    fanout: summarise(created.map((round) => round.allHeard).filter(Number.isFinite)),
    http: summarise(rounds.map((round) => round.answered - round.sent)),
    sms: summarise(sms),
    missedRounds: created.filter((round) => !Number.isFinite(round.allHeard)).length,
    frames,
    duplicates: reports.reduce((sum, entry) => sum + entry.duplicates, 0),
    disconnects: reports.reduce((sum, entry) => sum + entry.disconnects, 0),
    rss: { api: Math.max(...rss.api), worker: Math.max(...rss.worker) },
  });
}

// ---------------------------------------------------------------- the report

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function report(result) {
  const verdict = (pass) => (pass ? 'PASS' : 'MISS');
  const line = '-'.repeat(100);
  const row = (name, stats, target = '', pass) =>
    `  ${name.padEnd(44)}${String(stats.count).padStart(6)}${ms(stats.p50).padStart(8)}${ms(stats.p95).padStart(8)}${ms(stats.p99).padStart(8)}${ms(stats.max).padStart(8)}   ${target.padEnd(12)}${pass === undefined ? '' : verdict(pass)}`;
  const frameCount = Object.values(result.frames).reduce((sum, count) => sum + count, 0);
  const perSos = frameCount / SOCKETS / Math.max(1, result.created.length);
  const byEvent = Object.entries(result.frames)
    .sort(([, a], [, b]) => b - a)
    .map(([event, count]) => `${event} ${(count / SOCKETS / Math.max(1, result.created.length)).toFixed(2)}`)
    .join(', ');
  const fanoutPass = result.fanout.p99 <= TARGETS.fanoutP99Ms && result.missedRounds === 0;
  const framesPass = perSos <= TARGETS.framesPerSos;

  console.log('');
  console.log(`Live bench: ${SOCKETS} admin boards, ${result.rounds.length} SOS rounds ${GAP_MS} ms apart; API and worker as separate processes, NODE_ENV=production, all on one host`);
  console.log(line);
  console.log(`  ${'latency (ms)'.padEnd(44)}${'n'.padStart(6)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'worst'.padStart(8)}   ${'target'.padEnd(12)}result`);
  console.log(line);
  console.log(row(`request -> all ${SOCKETS} boards have job:created`, result.fanout, 'p99 <= 50', fanoutPass));
  console.log(row('request -> HTTP answer (201)', result.http));
  console.log(row('request -> driver SMS at the Twilio peer', result.sms));
  console.log(line);
  console.log(`  frames per SOS per admin socket: ${perSos.toFixed(2)} (${byEvent || 'none'})   target <= ${TARGETS.framesPerSos}   ${verdict(framesPass)}`);
  console.log(`  rounds answered 201: ${result.created.length}/${result.rounds.length}; rounds some board never heard within ${ROUND_TIMEOUT_MS / 1000} s: ${result.missedRounds};` +
    ` duplicate job:created: ${result.duplicates}; socket disconnects: ${result.disconnects}`);
  const refused = result.rounds.find((round) => round.status !== 201);
  if (refused) console.log(`  first refused SOS: ${refused.status} ${refused.error}`);
  console.log(`  peak RSS (VmRSS every 500 ms): API ${result.rss.api.toFixed(0)} MiB, worker ${result.rss.worker.toFixed(0)} MiB`);
  console.log(line);
  return fanoutPass && framesPass && !refused;
}

main()
  .then((allTargetsMet) => run.finish(allTargetsMet ? 0 : 1))
  .catch((error) => run.abort(`failed: ${error.stack ?? error.message}`));
