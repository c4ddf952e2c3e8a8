import type { INestApplicationContext } from '@nestjs/common';
import { type ApiStack, startApi } from '@towing/backend/testing/api-stack';
import { createTestDatabase, type TestDatabase } from '@towing/backend/testing/test-database';
import { testVariables } from '@towing/backend/testing/test-environment';
import { type Environment, loadEnvironment } from '@towing/backend/config/environment';
import { createWorkerApplication } from '../worker.setup.js';
import { SmtpPeer } from './smtp-peer.js';
import { TwilioPeer } from './twilio-peer.js';

export interface Stack {
  database: TestDatabase;
  environment: Environment;
  /** The variables the environment was read from, to start a worker process with. */
  variables: NodeJS.ProcessEnv;
  api: ApiStack;
  worker?: INestApplicationContext;
  smtp: SmtpPeer;
  twilio: TwilioPeer;
  startWorker(): Promise<INestApplicationContext>;
  stop(): Promise<void>;
}

/** The whole system for one test file: database, API, worker, and the SMTP and Twilio peers. */
export async function startStack(options: { worker?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Stack> {
  const [database, smtp, twilio] = await Promise.all([createTestDatabase(), new SmtpPeer().start(), new TwilioPeer().start()]);
  const variables = testVariables(database.url, { SMTP_URL: smtp.url, ...twilio.environment(), ...options.env });
  const environment = loadEnvironment(variables);
  const api = await startApi(environment);
  const stack: Stack = {
    database,
    environment,
    variables,
    api,
    smtp,
    twilio,
    async startWorker() {
      const worker = await createWorkerApplication(environment, process.env.TEST_LOGS ? ['log', 'warn', 'error'] : ['error']);
      await worker.init();
      stack.worker = worker;
      return worker;
    },
    async stop() {
      await stack.worker?.close();
      await api.close();
      await Promise.all([smtp.stop(), twilio.stop()]);
      await database.drop();
    },
  };
  if (options.worker !== false) await stack.startWorker();
  return stack;
}

/** Resolves once the condition holds, polling the way a test waits for something asynchronous. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<Exclude<T, null | undefined | false | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result as Exclude<T, null | undefined | false | 0 | ''>;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw lastError instanceof Error ? lastError : new Error(`condition not met within ${timeoutMs} ms`);
}
