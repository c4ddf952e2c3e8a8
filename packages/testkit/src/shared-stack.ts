import { ManagedProcess } from './child-process.js';
import { createTestDatabase, restoreDatabase, snapshotDatabase, TEST_ADMIN } from './database.js';
import { testVariables } from './environment.js';
import { freePort } from './free-port.js';
import { adminClient, TestClient } from './http-client.js';
import { ENTRIES } from './paths.js';
import { deleteRedisKeys } from './redis-keys.js';
import { currentRun, TEST_RUN } from './test-run.js';
import { type ApiProcess, eachPeer, healthy, type StackPeers, startPeers, startWorkerProcess, systemVariables, testDataSource } from './stack.js';

/**
 * What a shared stack is:
 * - `api`: the API alone, as useApi runs it in the test process (PUBLIC_URL is TEST_PUBLIC_URL,
 *   nothing delivered), behind a reverse proxy on loopback as a deployment is (TRUST_PROXY: a
 *   file may say which address a request comes from with X-Forwarded-For), for the API's
 *   integration files;
 * - `system`: the API as startStack runs it (PUBLIC_URL is where it answers, with SMTP, Twilio
 *   and Stripe peers), for files that add a worker of their own, as the journeys do.
 */
export type SharedStackKind = 'api' | 'system';

/**
 * A Jest worker's shared stack of one kind: the compiled API as a process, started by the test
 * environment (jest.node-environment.js) with the first file that asks and kept until the
 * worker ends. Each file takes it with leaseSharedStack.
 */
export interface SharedStack {
  baseUrl: string;
  databaseUrl: string;
  /** The variables the API runs with, and a file's worker too. */
  variables: NodeJS.ProcessEnv;
  /** A `system` stack's. */
  peers?: StackPeers;
  /** Puts the database back as it stood before the API started, deletes the stack's Redis keys and empties the peers. */
  reset(): Promise<void>;
  /** What the API said last, printed beside a failed test. */
  lastWords(): string;
  /** False once the API has exited: the next file that asks gets a new stack. */
  running(): boolean;
}

/** What stops each stack started in this process: the API, then the peers. */
const stops: Array<() => Promise<void>> = [];

/** Starts a shared stack: the test environment's to call, outside any test file's scope. */
export async function startSharedStack(kind: SharedStackKind): Promise<SharedStack> {
  // Outliving the files, its database and Redis keys are removed with the run's (removeRunData, run-data.ts).
  if (!currentRun()) throw new Error(`${TEST_RUN} is unset: Jest's global setup (jest.global-setup.js) names the run`);
  const [database, peers, port] = await Promise.all([createTestDatabase(), kind === 'system' ? startPeers() : undefined, freePort()]);
  const snapshot = await snapshotDatabase(database.url);
  const baseUrl = `http://127.0.0.1:${port}`;
  const variables = testVariables(database.url, {
    PORT: String(port),
    ...(peers ? systemVariables(baseUrl, peers) : { TRUST_PROXY: 'loopback' }),
  });
  // Neither the API nor the peers keep the Jest worker from ending when Jest tells it to.
  const api = ManagedProcess.start('shared api', ENTRIES.api, variables);
  const peerList = peers ? eachPeer(peers) : [];
  api.unref();
  for (const peer of peerList) peer.unref();
  stops.push(async () => {
    await api.stop();
    await Promise.all(peerList.map((peer) => peer.stop()));
  });
  await healthy(api, baseUrl);
  return {
    baseUrl,
    databaseUrl: database.url,
    variables,
    peers,
    async reset() {
      await Promise.all([restoreDatabase(database.url, snapshot), deleteRedisKeys(variables.REDIS_URL!, variables.REDIS_PREFIX!)]);
      for (const peer of peerList) peer.reset();
    },
    lastWords: () => api.output.join('\n'),
    running: () => api.running,
  };
}

/**
 * Stops the shared stacks this process started: in a run in band, Jest's own process (with
 * workers, each ends with its worker).
 */
export async function stopSharedStacks(): Promise<void> {
  await Promise.all(stops.splice(0).map((stop) => stop()));
}

/** What a test file holds of its Jest worker's shared stack. */
export interface StackLease {
  api: Pick<ApiProcess, 'baseUrl' | 'dataSource' | 'client' | 'adminClient'>;
  /** The variables the API and the file's worker run with (its Redis key space, for one). */
  variables: NodeJS.ProcessEnv;
  /** Stops the file's worker and closes its connection; the next file resets the rest. */
  release(): Promise<void>;
}

/** A `system` stack's lease: with the peers it delivers to. */
export type SystemLease = StackLease & StackPeers;

/** Where the test environment puts this Jest worker's shared stacks. */
const SHARED_STACK = Symbol.for('towing.testkit.sharedStack');
type SharedStackOf = (kind: SharedStackKind) => Promise<SharedStack>;
let leased = false;

export interface LeaseOptions {
  /** Start a worker process of the file's own. */
  worker?: boolean;
  /**
   * Variables for that worker only, over the stack's: only ones the API never reads (the SOS
   * alert window, the SMS and email budgets, where backups go), or the file needs a stack of its own.
   */
  workerEnv?: NodeJS.ProcessEnv;
}

/**
 * This Jest worker's shared stack of a kind for the calling test file, as fresh as one of its
 * own: the database back as it stood before the API started (only the test admin), none of the
 * Redis keys an earlier file left (limits, queues, alert windows), the peers empty, and, with
 * `worker`, a worker process of the file's own. Cheaper than startStack by the API's start.
 */
export async function leaseSharedStack(kind: 'system', options?: LeaseOptions): Promise<SystemLease>;
export async function leaseSharedStack(kind: 'api'): Promise<StackLease>;
export async function leaseSharedStack(kind: SharedStackKind, options: LeaseOptions = {}): Promise<StackLease> {
  if (leased) throw new Error('This file already holds a shared stack; the next lease waits for release()');
  leased = true;
  try {
    return await lease(await (globalThis as unknown as { [SHARED_STACK]: SharedStackOf })[SHARED_STACK](kind), options);
  } catch (error) {
    leased = false;
    throw error;
  }
}

async function lease(shared: SharedStack, options: LeaseOptions): Promise<StackLease | SystemLease> {
  // The worker starts only on the fresh database and key space: an earlier file's events are gone.
  await shared.reset();
  const [dataSource, worker] = await Promise.all([testDataSource(shared.databaseUrl), options.worker ? startWorkerProcess({ ...shared.variables, ...options.workerEnv }) : undefined]);
  return {
    api: {
      baseUrl: shared.baseUrl,
      dataSource,
      client: () => new TestClient(shared.baseUrl),
      adminClient: () => adminClient(shared.baseUrl, TEST_ADMIN),
    },
    variables: shared.variables,
    ...shared.peers,
    async release() {
      await worker?.stop();
      await dataSource.destroy();
      leased = false;
    },
  };
}
