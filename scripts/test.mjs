// `npm test`: build the compiled entry points the process-level tests start, then run every
// Jest project (unit, integration on PostgreSQL/Redis, e2e in Chromium) in ESM mode.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'worker']);
// Jest compiles without type checks (speed); the tests' own types are checked here.
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.tests.json']);
run('npm', ['run', 'build', '-w', 'frontend']);
run(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--maxWorkers=2', ...process.argv.slice(2)],
  { NODE_ENV: 'test' },
);
