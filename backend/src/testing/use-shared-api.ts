import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@towing/db';
import { adminClient, deleteRedisKeys, restoreDatabase, type SharedApi, TEST_ADMIN, TestClient } from '@towing/testkit';
import type { ApiStack } from './use-api.js';

/** The API a file shares with the other files of its Jest worker: no `app`, it runs in a process of its own. */
export type SharedApiStack = Omit<ApiStack, 'app' | 'close'>;

/** Set by the test environment (jest.node-environment.js): this Jest worker's shared API, started with the first file that asks. */
const SHARED_API = Symbol.for('towing.testkit.sharedApi');
let sharedApiInUse = false;

/**
 * The compiled API, shared with the other test files of this Jest worker, on a database put
 * back before the calling file's tests as it was before the API started (only the test admin),
 * with none of the Redis keys an earlier file left (limits, queues). Cheaper than useApi by the
 * whole of the API's start and of loading Nest into the file; a file that needs an environment
 * of its own, the Nest application itself or a stopped clock uses useApi. Use the returned
 * object inside tests only.
 */
export function useSharedApi(): SharedApiStack {
  const api = {} as SharedApiStack;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    if (sharedApiInUse) throw new Error('useSharedApi: this file already uses the shared API; two at once would share one database');
    sharedApiInUse = true;
    const shared = await (globalThis as unknown as { [SHARED_API]: () => Promise<SharedApi> })[SHARED_API]();
    await Promise.all([restoreDatabase(shared.databaseUrl, shared.snapshot), deleteRedisKeys(shared.redisUrl, shared.redisPrefix)]);
    dataSource = await new DataSource({ ...dataSourceOptions(shared.databaseUrl), extra: { max: 4 } }).initialize();
    Object.assign(api, {
      baseUrl: shared.baseUrl,
      dataSource,
      client: () => new TestClient(shared.baseUrl),
      adminClient: () => adminClient(shared.baseUrl, TEST_ADMIN),
    });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    sharedApiInUse = false;
  });
  return api;
}
