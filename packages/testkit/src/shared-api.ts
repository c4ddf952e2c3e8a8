import { randomBytes } from 'node:crypto';
import { ManagedProcess } from './child-process.js';
import { createTestDatabase, type DatabaseSnapshot, dropTestDatabases, snapshotDatabase } from './database.js';
import { testVariables } from './environment.js';
import { freePort } from './free-port.js';
import { ENTRIES } from './paths.js';
import { deleteRedisKeys } from './redis-keys.js';
import { healthy } from './stack.js';

/**
 * Set for a whole Jest run (jest.global-setup.js): each shared API's database and Redis keys
 * are named after it, so the end of the run (jest.global-teardown.js) finds and removes them.
 */
export const SHARED_RUN = 'TOWING_SHARED_RUN';

/** Where a Jest worker's shared API answers, and what its database held before the API started. */
export interface SharedApi {
  baseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  snapshot: DatabaseSnapshot;
  /** What the process said last, printed beside a failed test. */
  lastWords(): string;
  /** False once the process has exited: the next file that asks gets a new one. */
  running(): boolean;
}

/** The group of a run's shared databases and the prefix of its Redis keys. */
const databaseGroup = (run: string) => `shared_${run}_`;
const redisGroup = (run: string) => `test-shared-${run}`;

/**
 * The compiled API as a process on a fresh database, for every test file of one Jest worker
 * that asks (jest.node-environment.js starts it with the first and keeps it until the worker
 * ends). Each file puts the database back as it was here before its tests (useSharedApi), so
 * files share the process, never data.
 */
export async function startSharedApi(): Promise<SharedApi> {
  const run = process.env[SHARED_RUN];
  if (!run) throw new Error(`${SHARED_RUN} is unset: Jest's global setup (jest.global-setup.js) names the run`);
  const database = await createTestDatabase(databaseGroup(run));
  const snapshot = await snapshotDatabase(database.url);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const variables = testVariables(database.url, { PORT: String(port), REDIS_PREFIX: `${redisGroup(run)}:${randomBytes(4).toString('hex')}` });
  const api = ManagedProcess.start('shared api', ENTRIES.api, variables);
  await healthy(api, baseUrl);
  return {
    baseUrl,
    databaseUrl: database.url,
    redisUrl: variables.REDIS_URL!,
    redisPrefix: variables.REDIS_PREFIX!,
    snapshot,
    lastWords: () => api.output.join('\n'),
    running: () => api.running,
  };
}

/** Drops the databases and Redis keys of a run's shared APIs; their processes ended with their Jest workers. */
export async function removeSharedApis(run: string): Promise<void> {
  const { REDIS_URL } = testVariables('');
  await Promise.all([dropTestDatabases(databaseGroup(run)), deleteRedisKeys(REDIS_URL!, redisGroup(run))]);
}
