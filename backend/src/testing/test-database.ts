import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabaseIfMissing, runMigrations } from '../database/data-source.js';

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A throwaway, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `towing_test_${randomBytes(6).toString('hex')}`;
  const url = `${SERVER_URL}/${name}`;
  await createDatabaseIfMissing(url);
  await runMigrations(url);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
