import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES } from '@towing/contracts';
import { dataSourceOptions, OutboxEntity } from '@towing/db';
import { ManagedProcess } from './child-process.js';
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from './database.js';
import { productionVariables, testVariables } from './environment.js';
import { adminClient, TestClient } from './http-client.js';
import { eventually } from './eventually.js';
import { ENTRIES } from './paths.js';
import { deleteRedisKeys } from './redis-keys.js';
import { freePort } from './free-port.js';
import { SmtpPeer } from './smtp-peer.js';
import { StripePeer } from './stripe-peer.js';
import { TwilioPeer } from './twilio-peer.js';

export interface ApiProcess {
  baseUrl: string;
  process: ManagedProcess;
  /** The test's own connection to the stack's database, to look at rows the API and worker wrote. */
  dataSource: DataSource;
  client(): TestClient;
  adminClient(): Promise<TestClient>;
  /** Starts the API again after a stop or kill, on the same port and database. */
  restart(): Promise<void>;
}

/** The local SMTP, Twilio and Stripe peers a system delivers to. */
export interface StackPeers {
  smtp: SmtpPeer;
  twilio: TwilioPeer;
  stripe: StripePeer;
}

/** What a stack does to each of its peers alike. */
export interface Peer {
  stop(): Promise<void>;
  /** Back as started, for a shared stack's next file. */
  reset(): void;
  /** Keeps no process open (a shared stack's peer, which ends with its Jest worker). */
  unref(): void;
}

/** The peers as a list, for what is done to each alike. */
export const eachPeer = ({ smtp, twilio, stripe }: StackPeers): Peer[] => [smtp, twilio, stripe];

export interface Stack extends StackPeers {
  database: TestDatabase;
  /** The variables the API and worker run with. */
  variables: NodeJS.ProcessEnv;
  api: ApiProcess;
  worker?: ManagedProcess;
  /** Starts a worker process (another one, if one runs already); stop() stops them all. */
  startWorker(): Promise<ManagedProcess>;
  /**
   * Starts another API process on a port of its own, on the same database, Redis and PUBLIC_URL,
   * as instances behind one load balancer run; stop() stops it too.
   */
  startApi(): Promise<ApiProcess>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Start a worker with the API (default true). */
  worker?: boolean;
  /** Run the API and worker as production does (see productionVariables); the benches do. */
  production?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Resolves once GET /api/health answers 2xx (a refused connection is "not listening yet");
 * rejects with the process's last words if it exits first. No deadline of its own: the calling
 * test's timeout is the limit (see ManagedProcess.waitFor).
 */
export async function healthy(api: ManagedProcess, baseUrl: string): Promise<void> {
  const answered = eventually(async () => !api.running || (await fetch(`${baseUrl}/api/health`)).ok, Number.POSITIVE_INFINITY);
  await api.waitFor(answered, 'GET /api/health');
}

/** A worker process on these variables, once it consumes domain events. */
export async function startWorkerProcess(variables: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const worker = ManagedProcess.start('worker', ENTRIES.worker, variables);
  await worker.waitForLine(/Consuming domain events/);
  return worker;
}

/** The test's own connection to a stack's database, to look at the rows the API and worker wrote. */
export function testDataSource(databaseUrl: string): Promise<DataSource> {
  return new DataSource({ ...dataSourceOptions(databaseUrl), extra: { max: 4 } }).initialize();
}

export async function startPeers(): Promise<StackPeers> {
  const [smtp, twilio, stripe] = await Promise.all([new SmtpPeer().start(), new TwilioPeer().start(), new StripePeer().start()]);
  return { smtp, twilio, stripe };
}

/**
 * What the API and worker of a whole system run with beyond a test environment's: PUBLIC_URL is
 * where browsers really reach the app (the API checks their Origin against it), and the peers.
 */
export function systemVariables(baseUrl: string, { smtp, twilio, stripe }: StackPeers): NodeJS.ProcessEnv {
  return { PUBLIC_URL: baseUrl, SMTP_URL: smtp.url, ...twilio.environment(), ...stripe.environment() };
}

/**
 * The whole system for one test file, as production runs it: the compiled API and worker as
 * processes on a database cloned from the migrated template, with local SMTP, Twilio and Stripe peers.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const [database, peers, port] = await Promise.all([createTestDatabase(), startPeers(), freePort()]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const variables = testVariables(database.url, {
    PORT: String(port),
    ...systemVariables(baseUrl, peers),
    ...(options.production ? productionVariables(baseUrl) : {}),
    ...options.env,
  });
  const workers: ManagedProcess[] = [];
  const extraApis: ApiProcess[] = [];
  const dataSource = await testDataSource(database.url);

  const apiOn = async (apiPort: number, name: string): Promise<ApiProcess> => {
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const launch = async () => {
      const api = ManagedProcess.start(name, ENTRIES.api, { ...variables, PORT: String(apiPort) });
      await healthy(api, apiUrl);
      return api;
    };
    const apiProcess: ApiProcess = {
      baseUrl: apiUrl,
      process: await launch(),
      dataSource,
      client: () => new TestClient(apiUrl),
      adminClient: () => adminClient(apiUrl, TEST_ADMIN),
      async restart() {
        apiProcess.process = await launch();
      },
    };
    return apiProcess;
  };
  const launchWorker = async () => {
    const worker = await startWorkerProcess(variables);
    workers.push(worker);
    return worker;
  };
  // The API and the first worker need only the database and Redis: they start side by side.
  const [apiProcess, firstWorker] = await Promise.all([apiOn(port, 'api'), options.worker === false ? undefined : launchWorker()]);

  const stack: Stack = {
    database,
    variables,
    api: apiProcess,
    ...peers,
    worker: firstWorker,
    async startWorker() {
      stack.worker = await launchWorker();
      return stack.worker;
    },
    async startApi() {
      const api = await apiOn(await freePort(), `api-${extraApis.length + 2}`);
      extraApis.push(api);
      return api;
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all([apiProcess, ...extraApis].map((api) => api.process.stop()));
      await Promise.all([...eachPeer(peers).map((peer) => peer.stop()), dataSource.destroy()]);
      await database.drop();
      await deleteRedisKeys(variables.REDIS_URL!, variables.REDIS_PREFIX!);
    },
  };
  return stack;
}

/** What reaching a stack's domain events takes: its Redis key space and the test's connection to its database (a Stack or a lease). */
type EventsOf = Pick<Stack, 'variables'> & { api: Pick<ApiProcess, 'dataSource'> };

/**
 * The domain events queue of the stack's Redis key space, for a test to look into. BullMQ is
 * loaded when first asked for: every test file imports the testkit, and few look into a queue.
 */
async function domainEventsQueue(stack: EventsOf): Promise<Queue> {
  const { Queue } = await import('bullmq');
  return new Queue(QUEUES.domainEvents, { connection: { url: stack.variables.REDIS_URL }, prefix: stack.variables.REDIS_PREFIX });
}

/**
 * Resolves once the worker has finished a domain event's job and its outbox row is marked
 * published: from then on nothing can handle it again, so what it sent is final.
 */
export async function eventHandled(stack: EventsOf, outboxId: string, timeoutMs = 20_000): Promise<void> {
  const queue = await domainEventsQueue(stack);
  try {
    await eventually(async () => {
      const row = await stack.api.dataSource.getRepository(OutboxEntity).findOneByOrFail({ id: outboxId });
      return row.publishedAt !== null && (await queue.getJobState(outboxId)) === 'completed';
    }, timeoutMs);
  } finally {
    await queue.close();
  }
}

/** Delivers a handled domain event once more, as a BullMQ retry after a lost acknowledgement would. */
export async function redeliverEvent(stack: EventsOf, outboxId: string): Promise<void> {
  const queue = await domainEventsQueue(stack);
  try {
    await queue.remove(outboxId);
    await stack.api.dataSource.getRepository(OutboxEntity).update({ id: outboxId }, { publishedAt: null });
  } finally {
    await queue.close();
  }
}
