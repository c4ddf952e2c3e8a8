import { randomBytes } from 'node:crypto';

/**
 * Names one run of the tests: set by `npm test` (scripts/test.mjs), else by Jest's global setup
 * (jest.global-setup.js). Every database and Redis key space a test makes carries the name, so
 * what a file could not remove (it failed before its afterAll, a Jest worker crashed, the run was
 * interrupted) is removed at the run's end (removeRunData, run-data.ts).
 */
export const TEST_RUN = 'TOWING_TEST_RUN';

export function newRunName(): string {
  return randomBytes(4).toString('hex');
}

/** The name of the run this process belongs to, if any (a bench's processes belong to none). */
export function currentRun(): string | undefined {
  return process.env[TEST_RUN] || undefined;
}

/** What every Redis key of a run starts with, before the `:` that ends the prefix or the run. */
export const runRedisPrefix = (run: string) => `test-${run}`;

/** The Redis key space a test gets: `test-<run>:<id>` in a run, so the run's keys share one prefix. */
export function testRedisPrefix(): string {
  const id = randomBytes(4).toString('hex');
  const run = currentRun();
  return run ? `${runRedisPrefix(run)}:${id}` : `test-${id}`;
}

/** What a test database's name carries after the common prefix: `<run>_` in a run. */
export function runDatabaseGroup(run = currentRun()): string {
  return run ? `${run}_` : '';
}
