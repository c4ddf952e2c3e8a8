// `npm run bench:live [-- --sockets 1000 --rounds 100 --gap 300 --socket-threads 2 --push-devices 50 --skip-build --cpu-prof DIR]`
//
// How fast every dispatcher's board hears an SOS: the compiled API and worker as production
// runs them (testkit's startStack), a thousand signed-in admin boards on Socket.IO, and SOS
// requests one round at a time. Each round is timed from sending POST /api/sos until the last
// of the boards has the job's `job:created`; the report gives p50/p95/p99 and the worst round,
// the frames each board was sent per SOS, request -> driver SMS at the Twilio peer, request ->
// the SOS push accepted for every one of 50 subscribed staff devices at the push-service peer,
// and the processes' memory. The rounds run three times: with the devices subscribed, with none
// (the difference in CPU per push, harness processCpuMs, is what a device's push costs the API
// and the worker), and with the boards gone too (the difference is what pushing an SOS to the
// boards costs the API, and the HTTP answer with and without them shows whether the push
// delays it). The boards' sockets are threads of this process on the same host: the process's CPU is
// reported beside the API's. --cpu-prof DIR writes the API's CPU profile of the rounds with no
// device subscribed (cpu-profile.mjs). Everything it starts it stops; it only talks to 127.0.0.1.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { toE164 } from '@towing/contracts';
import { epochMs, eventually, PushServicePeer, SocketListener, startStack, vapidKeyPair } from '@towing/testkit';
import { build, ONE_ADDRESS_FLEET, processCpuMs, quiet, sleep, startRun, summarise, withTimeout } from './harness.mjs';
import { driverPhone } from './sos-traffic.mjs';

const { values: flags } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '100' },
    gap: { type: 'string', default: '300' },
    'warm-up': { type: 'string', default: '5' },
    'socket-threads': { type: 'string', default: '2' },
    'push-devices': { type: 'string', default: '50' },
    'skip-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const SOCKETS = Number(flags.sockets);
const ROUNDS = Number(flags.rounds);
const GAP_MS = Number(flags.gap);
const WARM_UP = Number(flags['warm-up']);
const THREADS = Math.min(Number(flags['socket-threads']), SOCKETS);
const PUSH_DEVICES = Number(flags['push-devices']);
for (const [name, value] of Object.entries({ sockets: SOCKETS, rounds: ROUNDS, 'socket-threads': THREADS, 'push-devices': PUSH_DEVICES })) {
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
}

const TARGETS = { fanoutP99Ms: 50, httpP50Ms: 15, framesPerSos: 2 };
/** A round whose boards have not all heard the SOS by then counts as missed. */
const ROUND_TIMEOUT_MS = 10_000;
/** After the last round: time for the pushes an SOS causes later (stats, the worker's messages) to arrive and be counted. */
const SETTLE_MS = 3000;
/** After the rounds: the longest the worker may take to finish their pushes before they are counted. */
const PUSH_WAIT_MS = 120_000;

// Three passes of the rounds: with the devices subscribed, without, and without the boards (for the CPU a push costs).
const run = startRun({ tag: '[bench:live]', budgetMs: (3 * ROUNDS * (GAP_MS + 1000) + 300_000) });
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

/** Closes the boards and ends their threads; the list is emptied, so closing again does nothing. */
async function closeFleet(threads) {
  const closing = threads.splice(0);
  await Promise.all(closing.map((thread) => withTimeout(ask(thread, { type: 'close' }), 10_000, 'closing sockets').catch(() => undefined)));
  await Promise.all(closing.map((thread) => thread.worker.terminate()));
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

/** With --cpu-prof: the API (and the worker, which is not signalled) preloads cpu-profile.mjs. */
function profiling() {
  if (!flags['cpu-prof']) return {};
  return { NODE_OPTIONS: `--import ${resolve(import.meta.dirname, 'cpu-profile.mjs')}`, CPU_PROFILE_DIR: resolve(flags['cpu-prof']) };
}

/** Starts the API's profile; written() stops it and resolves with the file once it is there. */
async function profileOf(pid) {
  const dir = resolve(flags['cpu-prof']);
  mkdirSync(dir, { recursive: true });
  const existing = new Set(readdirSync(dir));
  process.kill(pid, 'SIGWINCH');
  return {
    async written() {
      process.kill(pid, 'SIGWINCH');
      for (;;) {
        const file = readdirSync(dir).find((name) => !existing.has(name) && name.endsWith('.cpuprofile'));
        if (file) return resolve(dir, file);
        await sleep(200);
      }
    },
  };
}

async function main() {
  log(`${SOCKETS} admin sockets in ${THREADS} thread(s), ${WARM_UP} warm-up + ${ROUNDS} timed SOS rounds ${GAP_MS} ms apart; ${cpus().length} CPU, Node ${process.version}`);
  if (!flags['skip-build']) {
    log('building the API and worker (npm run build:server)');
    build({ frontend: false });
  }
  // Every round's SOS carries its own phone: the day's SMS budget must not be what hides a driver's text.
  const vapid = vapidKeyPair();
  const pushService = await new PushServicePeer(vapid.publicKey).start();
  run.defer('stopping the push service peer', () => pushService.stop());
  const stack = await startStack({
    production: true,
    env: { ...profiling(), ...ONE_ADDRESS_FLEET, SMS_DAILY_LIMIT: String(3 * (WARM_UP + ROUNDS)), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, ...pushService.environment() },
  });
  run.defer('stopping the stack', () => stack.stop(), 30_000);
  const baseUrl = stack.api.baseUrl;
  const admin = await stack.api.adminClient();
  const devices = [];
  for (let index = 0; index < PUSH_DEVICES; index += 1) {
    const device = pushService.subscribe();
    const subscribed = await admin.post('/api/push/subscriptions', device);
    if (subscribed.status !== 204) return run.abort(`subscribing a device answered ${subscribed.status} ${subscribed.text}`);
    devices.push(device);
  }
  log(`${PUSH_DEVICES} staff devices subscribed to SOS pushes at the push service peer`);

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

  const cpu = { api: processCpuMs(stack.api.process.child.pid), worker: processCpuMs(stack.worker.child.pid) };
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
  // Every round's pushes to every device, or until PUSH_WAIT_MS passes: the CPU is read once the worker has done them.
  const expectedPushes = rounds.filter((round) => round.status === 201).length * PUSH_DEVICES + WARM_UP * PUSH_DEVICES;
  const waitUntil = epochMs() + PUSH_WAIT_MS;
  while (pushService.received.length < expectedPushes && epochMs() < waitUntil) await sleep(100);
  const withPush = { api: processCpuMs(stack.api.process.child.pid) - cpu.api, worker: processCpuMs(stack.worker.child.pid) - cpu.worker };

  // Request -> the push accepted for the last of the devices, per round.
  const pushesByJob = new Map();
  for (const push of pushService.received) {
    const { jobId } = JSON.parse(push.payload);
    pushesByJob.set(jobId, [...(pushesByJob.get(jobId) ?? []), push.receivedAt]);
  }
  const pushed = [];
  const eachPush = [];
  let pushes = 0;
  for (const round of rounds.filter((entry) => entry.status === 201)) {
    const times = pushesByJob.get(round.jobId) ?? [];
    pushes += times.length;
    eachPush.push(...times.map((time) => time - round.sent));
    if (times.length === PUSH_DEVICES) pushed.push(Math.max(...times) - round.sent);
  }

  // The same rounds with no device subscribed: what the pushes cost is the difference.
  log(`timing ${ROUNDS} rounds again with no device subscribed`);
  for (const device of devices) await admin.request('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`);
  const before = { api: processCpuMs(stack.api.process.child.pid), worker: processCpuMs(stack.worker.child.pid), fleet: processCpuMs(process.pid) };
  const quietRounds = [];
  const profile = flags['cpu-prof'] ? await profileOf(stack.api.process.child.pid) : undefined;
  for (let index = 0; index < ROUNDS; index += 1) {
    quietRounds.push(await sosRound(baseUrl, threads, ROUNDS + index));
    await sleep(GAP_MS);
  }
  await sleep(SETTLE_MS);
  const fleetCpu = processCpuMs(process.pid) - before.fleet;
  if (profile) log(`the API's CPU profile of those rounds (its CPU figures below include the profiler's): ${await profile.written()}`);
  const withoutPush = { api: processCpuMs(stack.api.process.child.pid) - before.api, worker: processCpuMs(stack.worker.child.pid) - before.worker };

  // The same rounds once more with the boards gone: what pushing to them costs the API is the difference.
  log(`timing ${ROUNDS} rounds again with no board connected`);
  await closeFleet(threads);
  // Once the API has let the thousand sockets go: their disconnects, timed as SOS answers, read 100-125 ms at p99.
  await quiet(stack.api.process.child.pid);
  const beforeBoardless = processCpuMs(stack.api.process.child.pid);
  const boardlessRounds = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    boardlessRounds.push(await sosRound(baseUrl, [], 2 * ROUNDS + index));
    await sleep(GAP_MS);
  }
  await sleep(SETTLE_MS);
  const boardless = processCpuMs(stack.api.process.child.pid) - beforeBoardless;
  const positionsPass = await positionFramesPerUpdate(baseUrl, admin);

  const frames = {};
  for (const report of reports) for (const [event, count] of Object.entries(report.frames)) frames[event] = (frames[event] ?? 0) + count;
  const created = rounds.filter((round) => round.status === 201);
  const sms = [];
  for (const round of created) {
    const e164 = toE164(round.phone) ?? round.phone;
    const text = stack.twilio.received.find((message) => message.to === e164 && message.body.includes(round.jobId));
    if (text) sms.push(text.receivedAt - round.sent);
  }
  // Both lines print; the run passes when both meet their targets.
  const boardsPass = report({
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
    push: { allDevices: summarise(pushed), each: summarise(eachPush), pushes, roundsAllPushed: pushed.length, refused: pushService.refused.length, withPush, withoutPush },
    quiet: {
      rounds: quietRounds,
      fanout: summarise(quietRounds.filter((round) => round.status === 201).map((round) => round.allHeard).filter(Number.isFinite)),
      http: summarise(quietRounds.map((round) => round.answered - round.sent)),
      missedRounds: quietRounds.filter((round) => round.status === 201 && !Number.isFinite(round.allHeard)).length,
      fleetCpu,
    },
    boardless: { rounds: boardlessRounds, http: summarise(boardlessRounds.map((round) => round.answered - round.sent)), api: boardless },
  });
  return boardsPass && positionsPass;
}

// ---------------------------------------------------------------- a truck on its way

const POSITION_UPDATES = 20;

/**
 * The frames a customer's tracking page (a socket watching one job) is sent per position update
 * of its truck: a job En Route, its page watching, and POSITION_UPDATES batches of fixes from
 * the driver's phone (three fixes each, as a phone back in range sends), each waited for before
 * the next. Every frame the page gets in that time counts, whatever its event.
 */
async function positionFramesPerUpdate(baseUrl, admin) {
  const phone = '0491 570 199';
  const created = await fetch(`${baseUrl}/api/sos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-live-truck-${process.pid}` },
    body: JSON.stringify({ phone, customerName: 'Bench Truck Watcher', gps: { lat: -21.59, lng: 117.07, accuracyM: 10 } }),
  });
  const jobId = (await created.json()).job.id;
  await admin.request('PATCH', `/api/jobs/${jobId}`, { assignedTo: 'Both' });
  await admin.request('PATCH', `/api/jobs/${jobId}`, { status: 'En Route' });
  const { watchKey } = (await (await fetch(`${baseUrl}/api/jobs/search?query=${jobId}&last4=${phone.replace(/\D/g, '').slice(-4)}`)).json());
  const page = await new SocketListener(baseUrl).connected();
  const ack = await new Promise((resolve) => page.socket.emit('job:watch', { jobId, key: watchKey }, resolve));
  if (!ack.ok) throw new Error(`the tracking page could not watch ${jobId}: ${ack.error}`);
  await sleep(SETTLE_MS);
  page.frames.length = 0;
  page.events.length = 0;
  const start = Date.now() - POSITION_UPDATES * 60_000;
  for (let update = 0; update < POSITION_UPDATES; update += 1) {
    const fixes = [0, 1, 2].map((step) => ({ lat: -21.9 + update / 100 + step / 1000, lng: 117.0, accuracyM: 8, fixedAt: new Date(start + update * 60_000 + step * 20_000).toISOString() }));
    const answer = await admin.post(`/api/jobs/${jobId}/positions`, { fixes });
    if (answer.status !== 200) throw new Error(`position update ${update} answered ${answer.status}`);
    await eventually(() => page.received('job:position').length === update + 1, 10_000);
  }
  await sleep(SETTLE_MS);
  page.close();
  const perUpdate = page.frames.length / POSITION_UPDATES;
  const counts = {};
  for (const event of page.frames) counts[event] = (counts[event] ?? 0) + 1;
  const byEvent = Object.entries(counts).map(([event, count]) => `${event} ${count}`).join(', ');
  const pass = perUpdate <= 1;
  console.log(`  frames per position update to a watching tracking page: ${perUpdate.toFixed(2)} over ${POSITION_UPDATES} updates (${byEvent || 'none'})   target <= 1   ${pass ? 'PASS' : 'MISS'}`);
  return pass;
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
  const { quiet, boardless } = result;
  const quietFanoutPass = quiet.fanout.p99 <= TARGETS.fanoutP99Ms && quiet.missedRounds === 0;
  const httpPass = quiet.http.p50 <= TARGETS.httpP50Ms;
  const perRound = (cpuMs) => cpuMs / Math.max(1, quiet.rounds.length);
  const boardPushCpu = perRound(result.push.withoutPush.api) - boardless.api / Math.max(1, boardless.rounds.length);

  console.log('');
  console.log(`Live bench: ${SOCKETS} admin boards, ${result.rounds.length} SOS rounds ${GAP_MS} ms apart; API and worker as separate processes, NODE_ENV=production, all on one host`);
  console.log(line);
  console.log(`  ${'latency (ms)'.padEnd(44)}${'n'.padStart(6)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'worst'.padStart(8)}   ${'target'.padEnd(12)}result`);
  console.log(line);
  console.log(row(`request -> all ${SOCKETS} boards have job:created`, result.fanout, 'p99 <= 50', fanoutPass));
  console.log(row('request -> HTTP answer (201)', result.http));
  console.log(row('request -> driver SMS at the Twilio peer', result.sms));
  console.log(row(`request -> push accepted, all ${PUSH_DEVICES} devices`, result.push.allDevices));
  console.log(row('request -> push accepted, each device', result.push.each));
  console.log(line);
  console.log(`  frames per SOS per admin socket: ${perSos.toFixed(2)} (${byEvent || 'none'})   target <= ${TARGETS.framesPerSos}   ${verdict(framesPass)}`);
  console.log(`  rounds answered 201: ${result.created.length}/${result.rounds.length}; rounds some board never heard within ${ROUND_TIMEOUT_MS / 1000} s: ${result.missedRounds};` +
    ` duplicate job:created: ${result.duplicates}; socket disconnects: ${result.disconnects}`);
  const refused = result.rounds.find((round) => round.status !== 201);
  if (refused) console.log(`  first refused SOS: ${refused.status} ${refused.error}`);
  const { push } = result;
  const perPush = (process) => (push.pushes > 0 ? ((push.withPush[process] - push.withoutPush[process]) / push.pushes).toFixed(2) : '-');
  console.log(`  pushes accepted by the push service peer: ${push.pushes} (${push.roundsAllPushed}/${result.created.length} rounds reached all ${PUSH_DEVICES} devices); refused: ${push.refused}`);
  console.log(`  CPU over ${result.rounds.length} rounds with ${PUSH_DEVICES} devices / with none: API ${push.withPush.api.toFixed(0)} / ${push.withoutPush.api.toFixed(0)} ms, worker ${push.withPush.worker.toFixed(0)} / ${push.withoutPush.worker.toFixed(0)} ms;` +
    ` CPU ms per push: API ${perPush('api')}, worker ${perPush('worker')}`);
  console.log(`  peak RSS (VmRSS every 500 ms): API ${result.rss.api.toFixed(0)} MiB, worker ${result.rss.worker.toFixed(0)} MiB`);
  console.log(line);
  console.log(`  Board fan-out (issue #20 item 7), ${SOCKETS} admin boards, the rounds with no device subscribed:`);
  console.log(`    request -> every board has job:created      p50 ${ms(quiet.fanout.p50)}  p99 ${ms(quiet.fanout.p99)} ms   target p99 <= ${TARGETS.fanoutP99Ms}   ${verdict(quietFanoutPass)}` +
    (quiet.missedRounds ? `   (${quiet.missedRounds} rounds some board never heard)` : ''));
  console.log(`    HTTP answer with ${SOCKETS} boards connected     p50 ${ms(quiet.http.p50)}  p99 ${ms(quiet.http.p99)} ms   target p50 <= ${TARGETS.httpP50Ms}   ${verdict(httpPass)}`);
  console.log(`    HTTP answer with no board connected         p50 ${ms(boardless.http.p50)}  p99 ${ms(boardless.http.p99)} ms`);
  console.log(`    CPU ms per board push (API, one SOS to all ${SOCKETS} boards, ${perSos.toFixed(2)} frames each): ${boardPushCpu.toFixed(1)}` +
    ` (API CPU per SOS ${perRound(result.push.withoutPush.api).toFixed(1)} with the boards, ${(boardless.api / Math.max(1, boardless.rounds.length)).toFixed(1)} without)`);
  console.log(`    the load generator (the boards' threads and the HTTP client, same host): ${perRound(quiet.fleetCpu).toFixed(1)} CPU ms per SOS`);
  console.log(line);
  return fanoutPass && quietFanoutPass && httpPass && framesPass && !refused;
}

main()
  .then((allTargetsMet) => run.finish(allTargetsMet ? 0 : 1))
  .catch((error) => run.abort(`failed: ${error.stack ?? error.message}`));
