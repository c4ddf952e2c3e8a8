import { Redis } from 'ioredis';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './database.js';
import { TEST_REDIS_URL, testVariables } from './environment.js';
import { removeRunData } from './run-data.js';
import { newRunName, TEST_RUN } from './test-run.js';

/** Runs `work` as a file of the run `run` would: what it creates carries that run's name. */
async function asPartOf<T>(run: string, work: () => Promise<T>): Promise<T> {
  const own = process.env[TEST_RUN];
  process.env[TEST_RUN] = run;
  try {
    return await work();
  } finally {
    // Assigning undefined would set the string "undefined".
    if (own === undefined) delete process.env[TEST_RUN];
    else process.env[TEST_RUN] = own;
  }
}

describe("a run's databases and Redis keys", () => {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());

  /** Whether the database is there, asked of its server's maintenance database. */
  const databaseExists = async ({ name, url }: TestDatabase) => {
    const server = new URL(url);
    server.pathname = '/postgres';
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };

  /** A database and a queue's key, as a test file of the run makes them and leaves them when it is cut short. */
  const leftBy = (run: string) =>
    asPartOf(run, async () => {
      const database = await createTestDatabase();
      const key = `${testVariables(database.url).REDIS_PREFIX}:domain-events:wait`;
      await redis.rpush(key, 'job-1');
      return { database, key };
    });

  it('are removed with the run, and nothing of another run', async () => {
    const [interrupted, running] = [newRunName(), newRunName()];
    const ours = await leftBy(interrupted);
    const theirs = await leftBy(running);
    try {
      expect(await removeRunData(interrupted)).toEqual({ databases: 1, redisKeys: 1 });
      expect([await databaseExists(ours.database), await redis.exists(ours.key)]).toEqual([false, 0]);
      expect([await databaseExists(theirs.database), await redis.exists(theirs.key)]).toEqual([true, 1]);
    } finally {
      await removeRunData(running);
    }
    expect([await databaseExists(theirs.database), await redis.exists(theirs.key)]).toEqual([false, 0]);
  });
});
