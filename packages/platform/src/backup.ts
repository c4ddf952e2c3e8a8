import { execFile } from 'node:child_process';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Backups this module made: the UTC time of the dump in the name, so names sort by age. */
const BACKUP_FILE = /^towing-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.dump$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupSettings {
  databaseUrl: string;
  /** Where backups are written; made if missing. */
  directory: string;
  /** Backups this module made that are older than this many days are deleted after a new one is made. */
  keepDays: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  removed: string[];
}

/**
 * The client tools take the password from the environment, not the command line, so it never
 * shows in a process list; everything else goes as separate arguments (no shell).
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function backupFileName(at: Date): string {
  return `towing-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.dump`;
}

/** pg_dump in the custom format (compressed, restorable table by table), then the old ones pruned. */
export async function backupDatabase(settings: BackupSettings, now = new Date()): Promise<BackupResult> {
  const directory = resolve(settings.directory);
  await mkdir(directory, { recursive: true });
  const file = join(directory, backupFileName(now));
  const { dbname, env } = connection(settings.databaseUrl);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], { env });
  const removed: string[] = [];
  for (const name of await readdir(directory)) {
    const parts = BACKUP_FILE.exec(name)?.slice(1).map(Number);
    if (!parts) continue;
    const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
    const madeAt = Date.UTC(year, month - 1, day, hour, minute, second);
    if (now.getTime() - madeAt > settings.keepDays * DAY_MS) {
      await unlink(join(directory, name));
      removed.push(name);
    }
  }
  return { file, bytes: (await stat(file)).size, removed };
}

export class RestoreRefused extends Error {}

export interface RestoreSettings {
  file: string;
  /** The database to restore into; created if it does not exist. */
  databaseUrl: string;
  /** Restore over a database that already has tables (its objects are dropped first). */
  force?: boolean;
}

/** Restores a backup made by backupDatabase; refuses a database that has tables unless forced. */
export async function restoreDatabase(settings: RestoreSettings): Promise<{ created: boolean }> {
  await stat(settings.file);
  const target = new URL(settings.databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(settings.databaseUrl);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  let created = false;
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  if (!created) {
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.tables > 0 && !settings.force) {
        throw new RestoreRefused(`${name} already has ${rows[0]!.tables} tables; not restoring over it without --force`);
      }
    } finally {
      await client.end();
    }
  }
  const { dbname, env } = connection(settings.databaseUrl);
  const clean = created ? [] : ['--clean', '--if-exists'];
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, `--dbname=${dbname}`, settings.file], { env });
  return { created };
}
