import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createApiApplication } from '../app.setup.js';
import { ensureAdminAccount } from '../auth/admin-account.js';
import type { Environment } from '../config/environment.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { testEnvironment } from './test-environment.js';
import { TestClient } from './api-client.js';

export const ADMIN_PASSWORD = 'correct-horse-battery';

export interface ApiStack {
  app: NestExpressApplication;
  baseUrl: string;
  dataSource: DataSource;
  client(): TestClient;
  adminClient(): Promise<TestClient>;
  close(): Promise<void>;
}

/** The real API on a free port, with an admin account to sign in as. */
export async function startApi(environment: Environment): Promise<ApiStack> {
  const app = await createApiApplication(environment, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataSource = app.get(DataSource);
  await ensureAdminAccount(dataSource, 'admin', ADMIN_PASSWORD);
  return {
    app,
    baseUrl,
    dataSource,
    client: () => new TestClient(baseUrl),
    async adminClient() {
      const client = new TestClient(baseUrl);
      const login = await client.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
      if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
      return client;
    },
    close: () => app.close(),
  };
}

/**
 * The API on a throwaway migrated database for the calling test file: started before its
 * tests, stopped and dropped after them. Use the returned object inside tests only.
 */
export function useApi(overrides: NodeJS.ProcessEnv = {}): ApiStack {
  const api = {} as ApiStack;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    Object.assign(api, await startApi(testEnvironment(database.url, overrides)));
  });
  afterAll(async () => {
    await api.close?.();
    await database?.drop();
  });
  return api;
}
