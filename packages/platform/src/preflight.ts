import { once } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Environment } from './environment.js';
import { closeNow } from './redis-connections.js';

const TIMEOUT_MS = 3000;

/** The URL without its password, fit for a log line. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function reachPostgres(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function reachRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis rejects with "Connection is closed."; the socket error says why.
  let socketError: Error | undefined;
  redis.on('error', (error: Error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw socketError ?? error;
  } finally {
    // Waits for the socket to close: the check leaves nothing behind (ioredis times a disconnect).
    // An error while closing ends the wait too: the check has its answer either way.
    const ended = redis.status === 'end' ? undefined : once(redis, 'end').catch(() => undefined);
    closeNow(redis);
    await ended;
  }
}

/**
 * Checks PostgreSQL and Redis before anything starts, so a missing service is one clear
 * line within seconds instead of a hang. Returns the problems, empty when both answer.
 */
export async function checkServices(environment: Environment): Promise<string[]> {
  const checks = [
    {
      name: 'PostgreSQL',
      url: environment.databaseUrl,
      reach: reachPostgres,
      hint: 'start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` or `docker compose up -d postgres`, or set DATABASE_URL',
    },
    {
      name: 'Redis',
      url: environment.redisUrl,
      reach: reachRedis,
      hint: 'start it with `redis-server --daemonize yes` or `docker compose up -d redis`, or set REDIS_URL',
    },
  ];
  const results = await Promise.all(
    checks.map(async (check) => {
      try {
        await check.reach(check.url);
        return null;
      } catch (error) {
        const reason = (error as Error).message || (error as { code?: string }).code || 'no answer';
        return `Cannot reach ${check.name} at ${redactUrl(check.url)} (${reason}): ${check.hint}`;
      }
    }),
  );
  return results.filter((problem): problem is string => problem !== null);
}
