import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runToCompletion } from './child-process.js';
import { ENTRIES } from './paths.js';

/** Read on each use, so a bench that starts its own PostgreSQL can point the kit at it. */
const serverUrl = () => process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const TEMPLATE_PREFIX = 'towing_template_';

/** The admin account every test database starts with. */
export const TEST_ADMIN = { username: 'admin', password: 'correct-horse-battery' } as const;

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${serverUrl()}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Names the template after the compiled migrations, so a new or edited migration builds a new one. */
function templateName(): string {
  if (!existsSync(ENTRIES.migrations) || !existsSync(ENTRIES.prepare)) {
    throw new Error('The compiled API is missing: run `npm run build` (npm test does it first)');
  }
  const hash = createHash('sha256');
  for (const file of readdirSync(ENTRIES.migrations).filter((name) => name.endsWith('.js')).sort()) {
    hash.update(file).update(readFileSync(`${ENTRIES.migrations}/${file}`));
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

/**
 * The migrated database every test database is cloned from, built once per set of migrations
 * by the real `prepare` step of `npm start` (create, migrate, first admin). Jest workers that
 * arrive together wait on an advisory lock; the one that builds it works under a temporary
 * name, so a crash never leaves a half-built template behind.
 */
async function ensureTemplate(): Promise<string> {
  const template = templateName();
  await withServer(async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('towing_test_template'))`);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (rowCount) return;
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(building)} WITH (FORCE)`);
      await runToCompletion('prepare', ENTRIES.prepare, {
        NODE_ENV: 'test',
        DATABASE_URL: `${serverUrl()}/${building}`,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      });
      // Templates of other migration sets stay: another checkout on this machine may be cloning them.
      await client.query(`ALTER DATABASE ${client.escapeIdentifier(building)} RENAME TO ${client.escapeIdentifier(template)}`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('towing_test_template'))`);
    }
  });
  return template;
}

/** A throwaway database for one test file: a copy of the migrated template, with the test admin. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const name = `towing_test_${randomBytes(6).toString('hex')}`;
  await withServer(async (client) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        // Another worker's clone may still hold the template for a moment.
        const busy = /is being accessed by other users/.test((error as Error).message);
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    name,
    url: `${serverUrl()}/${name}`,
    drop: () => withServer((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
