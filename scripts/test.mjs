// `npm test`: build what the process-level tests start (the REST contract's schema, API, worker,
// prepare, frontend) while checking the import arrows, check the tests' types against that build, then
// run every Jest project (unit, integration on PostgreSQL/Redis, e2e in Chromium) in ESM mode.
// Afterwards no process of the run may be left: whatever is, is killed, named, and fails the run.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { compiledTestkit } from '../jest.compiled-testkit.js';

const root = new URL('..', import.meta.url).pathname;
const node = process.execPath;

/** Runs the steps one after another; resolves with the first failing exit code, or 0. */
function chain(steps) {
  return steps.reduce(
    (previous, [command, args]) =>
      previous.then((code) =>
        code !== 0
          ? code
          : new Promise((resolve) => spawn(command, args, { cwd: root, stdio: 'inherit' }).on('exit', (status) => resolve(status ?? 1))),
      ),
    Promise.resolve(0),
  );
}

// Two independent chains, one per core: the Node packages' build and then the tests' types, and
// the import arrows and then the frontend's build.
const codes = await Promise.all([
  chain([
    // The REST contract's schema, the TypeScript build, and the API and worker bundled as the tests' processes run them.
    ['npm', ['run', '--silent', 'build:server']],
    // Jest compiles without type checks (speed); the tests' own types are checked here, against
    // the declarations the build just wrote (tsconfig.tests.json references its projects).
    [node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.tests.json']],
  ]),
  chain([
    ['npm', ['run', '--silent', 'lint:imports']],
    ['npm', ['run', '--silent', 'build', '-w', 'frontend']],
  ]),
]);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

// Everything Jest starts inherits this marker (the testkit passes it on to the processes it
// starts with an environment of their own), so what outlives the run can be found.
const MARKER = 'TOWING_TESTS';
// One Jest worker per core and one more, whose files fill the time the others wait (a PDF's time
// limit, a worker's stall recovery). More than that only makes the processes of the files fight
// for the cores, and each then costs more CPU: on a 2-core Xeon, Jest's workers, the APIs, the
// workers and Chromium spent 553 CPU-s with four (Jest 306 s), 435 with three (Jest 279 s); two
// left the cores idle while their files waited (Jest 318 s).
const WORKERS = availableParallelism() + 1;
// The run's name, which its databases and Redis key spaces carry (packages/testkit/src/test-run.ts):
// named here, what the run left is removed below however Jest ended.
const testkit = await compiledTestkit();
const run = testkit.newRunName();
const jest = spawn(node, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', `--maxWorkers=${WORKERS}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', [MARKER]: root, [testkit.TEST_RUN]: run },
});
// A Ctrl-C reaches Jest from the terminal as well; a signal sent to this runner alone is passed
// on. Either way the runner waits for Jest and then looks for what is left.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => jest.kill(signal));
const status = await new Promise((resolve) => jest.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1))));

/** Processes (not zombies) that carry this checkout's marker, with their command lines. */
function leftovers() {
  const marked = `${MARKER}=${root}\0`;
  const found = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marked)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push({ pid: Number(pid), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200) });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

// As Jest's workers exit, their reapers kill what their test files left: give them a moment.
let left = leftovers();
for (let waited = 0; left.length > 0 && waited < 5000; waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  left = leftovers();
}
if (left.length > 0) {
  console.error(`\nnpm test: ${left.length} process(es) started by the tests were still running after Jest exited; killed:`);
  for (const { pid, command } of left) {
    console.error(`  ${pid} ${command}`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}
// Jest's global teardown removes what the run left; a run interrupted or crashed never got there.
const removed = await testkit.removeRunData(run);
if (removed.databases + removed.redisKeys > 0) {
  console.error(`\nnpm test: the run left ${removed.databases} database(s) and ${removed.redisKeys} Redis key(s) after Jest exited; removed`);
}
process.exit(left.length > 0 && status === 0 ? 1 : status);
