import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestDatabase, REPO_ROOT, runToCompletion, type TestDatabase } from '@towing/testkit';
import { backupDatabase, backupFileName } from './backup.js';

const run = promisify(execFile);
const CLI = join(REPO_ROOT, 'scripts/db/backup.mjs');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Every table's row count and a checksum of its rows, in a stable order. */
async function fingerprint(url: string): Promise<Record<string, { rows: number; md5: string | null }>> {
  const tables = await query<{ name: string }>(
    url,
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const result: Record<string, { rows: number; md5: string | null }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; md5: string | null }>(
      url,
      `SELECT count(*)::int AS rows, md5(string_agg(t::text, ',' ORDER BY t::text)) AS md5 FROM ${name} t`,
    );
    result[name] = row!;
  }
  return result;
}

describe('database backups', () => {
  let source: TestDatabase;
  let directory: string;
  const restored: string[] = [];
  const urlOf = (name: string) => {
    const url = new URL(source.url);
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    source = await createTestDatabase();
    directory = mkdtempSync(join(tmpdir(), 'backups-'));
    await runToCompletion('seed:demo', join(REPO_ROOT, 'backend/dist/cli/seed-demo.js'), { NODE_ENV: 'test', DATABASE_URL: source.url, REDIS_URL });
  });
  afterAll(async () => {
    for (const name of restored) await query(urlOf('postgres'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await source?.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    run(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, DATABASE_URL: source.url, BACKUP_DIR: directory, ...env } });

  it('restores a seeded database into a fresh one with every table identical', async () => {
    const before = await fingerprint(source.url);
    expect(Object.values(before).filter((table) => table.rows > 0).length).toBeGreaterThanOrEqual(5);

    const { stdout } = await cli(['backup']);
    const file = /\] (\S+\.dump) \(\d+ bytes\)/.exec(stdout)?.[1];
    expect(file).toBeDefined();

    const fresh = `${source.name}_restored`;
    restored.push(fresh);
    await cli(['restore', file!, '--into', urlOf(fresh)]);
    expect(await fingerprint(urlOf(fresh))).toEqual(before);

    // Over a database that has tables: refused without --force, replaced with it.
    await query(urlOf(fresh), `DELETE FROM job_updates WHERE id IN (SELECT id FROM job_updates LIMIT 2)`);
    expect(await fingerprint(urlOf(fresh))).not.toEqual(before);
    await expect(cli(['restore', file!, '--into', urlOf(fresh)])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('without --force') });
    await cli(['restore', file!, '--into', urlOf(fresh), '--force']);
    expect(await fingerprint(urlOf(fresh))).toEqual(before);
    // Two dumps, two restores and four fingerprints of every table: minutes on a busy machine.
  }, 300_000);

  it(`keeps BACKUP_KEEP_DAYS of its own backups and nobody else's files`, async () => {
    const now = new Date('2026-11-20T18:30:00.000Z');
    const day = 24 * 60 * 60 * 1000;
    const old = backupFileName(new Date(now.getTime() - 15 * day));
    const recent = backupFileName(new Date(now.getTime() - 13 * day));
    for (const name of [old, recent, 'notes.txt', 'towing-before-upgrade.dump']) writeFileSync(join(directory, name), 'x');

    const result = await backupDatabase({ databaseUrl: source.url, directory, keepDays: 14 }, now);
    expect(result.file).toBe(join(directory, 'towing-20261120T183000Z.dump'));
    expect(result.removed).toEqual([old]);
    expect(readdirSync(directory)).toEqual(expect.arrayContaining([recent, 'notes.txt', 'towing-before-upgrade.dump', 'towing-20261120T183000Z.dump']));
    expect(readdirSync(directory)).not.toContain(old);
  });
});
