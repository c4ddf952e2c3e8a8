import { dropTestDatabases } from './database.js';
import { TEST_REDIS_URL } from './environment.js';
import { deleteRedisKeys } from './redis-keys.js';
import { runDatabaseGroup, runRedisPrefix } from './test-run.js';

/**
 * Drops the databases and deletes the Redis keys a run left (test-run.ts): its shared stacks', whose
 * processes ended with their Jest workers, and any a file could not remove; answers how many.
 */
export async function removeRunData(run: string): Promise<{ databases: number; redisKeys: number }> {
  const [databases, redisKeys] = await Promise.all([dropTestDatabases(runDatabaseGroup(run)), deleteRedisKeys(TEST_REDIS_URL, runRedisPrefix(run))]);
  return { databases, redisKeys };
}
