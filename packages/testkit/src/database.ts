import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runToCompletion } from './child-process.js';
import { ENTRIES } from './paths.js';
import { runDatabaseGroup } from './test-run.js';

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

async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withServer = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withDatabase(`${serverUrl()}/postgres`, work);

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

/** Every test database's name starts so, then says which run it belongs to (test-run.ts), if any. */
const TEST_DATABASE_PREFIX = 'towing_test_';

/**
 * A throwaway database for one test file: a copy of the migrated template, with the test admin.
 * Its name carries the run's (test-run.ts), then `group` if given, for dropTestDatabases to find it by.
 */
export async function createTestDatabase(group = ''): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const name = `${TEST_DATABASE_PREFIX}${runDatabaseGroup()}${group}${randomBytes(6).toString('hex')}`;
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

/**
 * Drops every test database whose name starts with `group` after the common prefix (a run's,
 * runDatabaseGroup), whoever is still connected to it; answers how many there were.
 */
export async function dropTestDatabases(group: string): Promise<number> {
  return withServer(async (client) => {
    const { rows } = await client.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)', [`${TEST_DATABASE_PREFIX}${group}`]);
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    return rows.length;
  });
}

/** What a database holds at one moment: the rows of each table that has any, and where each sequence stands. */
export interface DatabaseSnapshot {
  /** Every table, quoted as SQL names it. */
  tables: string[];
  rows: Array<{ table: string; json: string }>;
  /** JSON: [{ name, value, called }], as setval takes them. */
  sequences: string;
}

/** Reads what the database holds now, for restoreDatabase to put back. */
export async function snapshotDatabase(url: string): Promise<DatabaseSnapshot> {
  return withDatabase(url, async (client) => {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.relkind IN ('r', 'p') AND n.nspname = 'public' ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    const rows: DatabaseSnapshot['rows'] = [];
    for (const table of tables) {
      const { rows: [held] } = await client.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${table} t`);
      if (held?.json) rows.push({ table, json: held.json });
    }
    const { rows: [sequences] } = await client.query<{ json: string }>(
      `SELECT coalesce(json_agg(json_build_object('name', format('%I.%I', schemaname, sequencename), 'value', coalesce(last_value, start_value), 'called', last_value IS NOT NULL)), '[]')::text AS json
         FROM pg_sequences WHERE schemaname = 'public'`,
    );
    return { tables, rows, sequences: sequences!.json };
  });
}

/** Puts the database back as the snapshot found it, in one transaction: every table emptied and refilled, every sequence reset. */
export async function restoreDatabase(url: string, snapshot: DatabaseSnapshot): Promise<void> {
  await withDatabase(url, async (client) => {
    await client.query('BEGIN');
    try {
      await client.query(`TRUNCATE ${snapshot.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, json } of snapshot.rows) await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [json]);
      await client.query(`SELECT setval(s.name::regclass, s.value, s.called) FROM json_to_recordset($1) AS s(name text, value bigint, called boolean)`, [snapshot.sequences]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  });
}
