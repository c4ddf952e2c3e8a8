import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

export interface PoolOptions {
  /** Connections held at most. */
  size: number;
  /** How long a query waits for a free connection before it fails (the API answers 503 then). */
  waitMs: number;
}

const DEFAULT_POOL: PoolOptions = { size: 20, waitMs: 5000 };

export function dataSourceOptions(databaseUrl: string, pool: PoolOptions = DEFAULT_POOL): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    uuidExtension: 'pgcrypto',
    extra: { max: pool.size, connectionTimeoutMillis: pool.waitMs },
  };
}

/** Creates the database named in the URL when it does not exist yet. */
export async function createDatabaseIfMissing(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Brings the schema up to date; used by `npm start` and by the test harness. Several API
 * instances starting together (docker compose --scale api=2) take turns on an advisory lock,
 * so the second finds the work done instead of racing the first.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtext('towing_migrations'))`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query(`SELECT pg_advisory_unlock(hashtext('towing_migrations'))`).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
