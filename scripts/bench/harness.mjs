// What the live benchmarks (live.mjs, board.mjs) share: a throwaway database and Redis prefix,
// compiled node entries started as child processes with their output in a temp dir, waiting
// for them to be ready, and cleanup on a normal exit, on an error, on Ctrl-C and on SIGTERM.
//
//   const harness = createHarness({ tag: '[bench]', ... });
//   harness.databaseCreated = true;   // from now on cleanup drops the database
//   const api = harness.startChild('api', 'backend/dist/main.js', env);
//   await harness.waitFor('GET /api/health', check, 60_000, api);
//   harness.clearBudget(); await harness.cleanup();  // or: harness.abort(reason, code)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Runs work with a connected pg client and always ends it. */
export async function withDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the database `name` on the server at serverUrl (e.g. postgres://postgres@127.0.0.1:5432). */
export const dropDatabase = (serverUrl, name) =>
  withDatabase(`${serverUrl}/postgres`, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));

/** Deletes the key `prefix` and every `prefix:*` key; returns how many it deleted. */
export async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      // The pattern would also match a longer prefix that starts with ours; take only our own.
      const ours = keys.filter((key) => key === prefix || key.startsWith(`${prefix}:`));
      if (ours.length > 0) deleted += await redis.del(...ours);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** The API's environment as production runs it, on a free port of this machine. */
export function productionEnv({ port, databaseUrl, redisUrl, redisPrefix, admin }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The last lines a child printed. */
export function tail(record, lines = 25) {
  return record.output.trimEnd().split('\n').slice(-lines).join('\n');
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. No-op for none or an exited one. */
export async function stopChild(record) {
  if (!record || record.exited) return;
  const exited = new Promise((resolve) => record.child.once('exit', resolve));
  record.child.kill('SIGTERM');
  const force = setTimeout(() => record.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** Polls check every 100 ms until it returns true; fails early if record's child exits. */
export async function waitFor(what, check, timeoutMs, record) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (record?.exited) throw new Error(`${record.name} exited (${record.exit}) while waiting for ${what}:\n${tail(record)}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} not ready within ${timeoutMs / 1000} s${record ? `:\n${tail(record)}` : ''}`);
}

/**
 * One run's resources and their cleanup. Creates the log dir, installs the SIGINT/SIGTERM
 * handlers and the wall-clock budget.
 *
 * cleanup() runs, each step at most once, bounded by a timeout and reported (not thrown) on
 * failure: before() (synchronous), then steps() in order (each [what, work, ms?]; use
 * stopChildren() for the children), then drops the database if databaseCreated, deletes the
 * Redis keys, and removes the log dir (or says where it is with keepLogs).
 */
export function createHarness({ tag, root, logDirPrefix, keepLogs, logsKept, serverUrl, databaseName, redisUrl, redisPrefix, budgetMs, before, steps = () => [] }) {
  const logDir = mkdtempSync(join(tmpdir(), logDirPrefix));
  const children = [];

  function startChild(name, entry, env) {
    const logFile = join(logDir, `${name}.log`);
    const out = createWriteStream(logFile);
    const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const record = { name, child, logFile, output: '', exited: false };
    const keep = (chunk) => {
      out.write(chunk);
      if (record.output.length < 200_000) record.output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code, signal) => {
      record.exited = true;
      record.exit = signal ?? `code ${code}`;
      out.end();
    });
    children.push(record);
    return record;
  }

  let cleaning;
  function cleanup() {
    cleaning ??= (async () => {
      before?.();
      const step = async (what, work, ms = 15_000) => {
        try {
          await withTimeout(work(), ms, what);
        } catch (error) {
          console.error(`${tag} cleanup: ${what}: ${error.message}`);
        }
      };
      for (const [what, work, ms] of steps()) await step(what, work, ms);
      if (harness.databaseCreated) await step(`dropping ${databaseName}`, () => dropDatabase(serverUrl, databaseName));
      await step(`deleting Redis keys ${redisPrefix}:*`, () => deleteRedisKeys(redisUrl, redisPrefix));
      if (keepLogs) console.log(`${tag} ${logsKept} ${logDir}`);
      else rmSync(logDir, { recursive: true, force: true });
    })();
    return cleaning;
  }

  async function abort(reason, code = 1) {
    console.error(`${tag} ${reason}`);
    await cleanup();
    process.exit(code);
  }

  process.on('SIGINT', () => void abort('interrupted; cleaning up', 130));
  process.on('SIGTERM', () => void abort('terminated; cleaning up', 143));
  const budget = setTimeout(() => void abort(`gave up: the run took longer than ${budgetMs / 1000} s`), budgetMs);

  const harness = {
    logDir,
    children,
    /** Set once the database may exist; cleanup then drops it. */
    databaseCreated: false,
    startChild,
    stopChildren: () => Promise.all(children.map(stopChild)),
    waitFor,
    cleanup,
    abort,
    clearBudget: () => clearTimeout(budget),
  };
  return harness;
}
