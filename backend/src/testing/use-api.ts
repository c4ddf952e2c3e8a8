import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import type { Environment } from '@towing/platform';
import { adminClient, createTestDatabase, deleteRedisKeys, TEST_ADMIN, TestClient, type TestDatabase } from '@towing/testkit';
import { testEnvironment } from './test-environment.js';
import { createApiApplication } from '../app.setup.js';

export interface ApiStack {
  app: NestExpressApplication;
  baseUrl: string;
  dataSource: DataSource;
  client(): TestClient;
  adminClient(): Promise<TestClient>;
  close(): Promise<void>;
}

/**
 * The API in this test process on a free port; the database comes with the test admin. close()
 * stops it and deletes its Redis keys (queues, limits, socket channels), as a stack's stop does.
 */
export async function startApi(environment: Environment): Promise<ApiStack> {
  const app = await createApiApplication(environment, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    dataSource: app.get(DataSource),
    client: () => new TestClient(baseUrl),
    adminClient: () => adminClient(baseUrl, TEST_ADMIN),
    close: async () => {
      await app.close();
      await deleteRedisKeys(environment.redisUrl, environment.redisPrefix);
    },
  };
}

/**
 * The API on a throwaway database for the calling test file: started before its tests,
 * stopped and dropped after them. Use the returned object inside tests only.
 */
export function useApi(overrides: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {}): ApiStack {
  const api = {} as ApiStack;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A function is read once the file's own beforeAll hooks have run (e.g. a peer's URL).
    Object.assign(api, await startApi(testEnvironment(database.url, typeof overrides === 'function' ? overrides() : overrides)));
  });
  afterAll(async () => {
    await api.close?.();
    await database?.drop();
  });
  return api;
}
