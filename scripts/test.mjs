// `npm test`: check the import arrows and the tests' types while building what the
// process-level tests start (the REST contract's schema, API, worker, prepare, frontend), then
// run every Jest project (unit, integration on PostgreSQL/Redis, e2e in Chromium) in ESM mode.
import { spawn, spawnSync } from 'node:child_process';

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

// Two independent chains, one per core: the checks, and the build.
const codes = await Promise.all([
  chain([
    ['npm', ['run', '--silent', 'lint:imports']],
    // Jest compiles without type checks (speed); the tests' own types are checked here.
    [node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.tests.json']],
  ]),
  chain([
    [node, ['scripts/build/api-schema.mjs']],
    [node, ['node_modules/typescript/bin/tsc', '-b']],
    ['npm', ['run', '--silent', 'build', '-w', 'frontend']],
  ]),
]);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

const jest = spawnSync(
  node,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--maxWorkers=4', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(jest.status ?? 1);
