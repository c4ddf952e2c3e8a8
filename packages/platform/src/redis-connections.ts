import { once } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * What every connection of ours starts from (a duplicate() inherits it): reconnect with a short
 * backoff, and send no CLIENT SETINFO on connecting. ioredis sends its ready check (INFO) only
 * once it has read its own package.json for SETINFO, through the thread pool; on a busy machine a
 * subscription made meanwhile is answered first, INFO is then refused in subscriber mode, and
 * ioredis drops the connection and comes back without the subscription: a process deaf for good.
 * Our Redis (7.0) does not know SETINFO anyway.
 */
const CONNECTION_BASE = {
  retryStrategy: (attempt: number) => Math.min(attempt * 250, 2000),
  disableClientInfo: true,
} satisfies RedisOptions;

/**
 * A connection for producing work (queue adds, rate-limit counters). Commands fail at once
 * while Redis is unreachable instead of piling up in memory: the outbox keeps what could not
 * be published, and callers decide what a failure means.
 */
export function createProducerConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, {
    ...CONNECTION_BASE,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
}

/**
 * Waits, at most `waitMs`, for a producer connection to be up: a command sent before it is
 * fails at once (no offline queue). A process waits for it before taking work, so its first
 * requests or events do not fail over to a fallback or a retry; a Redis that is away does not
 * hold it back for longer than the wait.
 */
export async function untilConnected(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === 'ready') return;
  await once(redis, 'ready', { signal: AbortSignal.timeout(waitMs) }).catch(() => undefined);
}

/**
 * Closes a one-off connection (no retries: a check, a cleanup) however its attempt went. ioredis's
 * own disconnect() on one that has already ended (refused) still waits 2 s, on a timer that keeps
 * the process alive, for a socket that is closed already: a failed preflight held the process's
 * exit that long, and a Jest worker outlived its end and was killed.
 */
export function closeNow(redis: Redis): void {
  if (redis.status !== 'end') redis.disconnect();
}

/**
 * The connection options of a BullMQ consumer (workers, queue events): it waits for Redis as
 * long as it takes. BullMQ opens and closes connections from these itself.
 */
export function consumerConnectionOptions(redisUrl: string): typeof CONNECTION_BASE & { url: string; maxRetriesPerRequest: null } {
  return { ...CONNECTION_BASE, url: redisUrl, maxRetriesPerRequest: null };
}

/**
 * A connection for Socket.IO fan-out (the API's adapter, the worker's emitter).
 * Those libraries fire `publish` without handling its promise, and Node ends the process
 * on an unhandled rejection. So: pushes made while Redis is away wait for it instead of
 * failing (no per-request retry limit), and the one rejection left, a push cut off by
 * shutting down, is caught here.
 */
export function createSocketPublisher(redisUrl: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(redisUrl, { ...CONNECTION_BASE, maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const publish = redis.publish.bind(redis) as (channel: string, message: string | Buffer) => Promise<number>;
  redis.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: Error) => {
      onError(error);
      return 0;
    })) as Redis['publish'];
  return redis;
}

/**
 * A subscriber for Socket.IO fan-out; losing it only loses cross-instance pushes until it is back.
 * Its subscriptions wait for Redis however long it is away (no per-request retry limit), so an
 * instance started during an outage still hears the worker once Redis returns. The adapter fires
 * them without handling their promises: one cut off by shutting down (an instance stopped right
 * after it started) is dropped here, not left to end the process. `warn` hears when it loses Redis
 * and when it is back (the pushes made meanwhile by other processes never reach this instance's
 * browsers), and a subscription Redis refused: an instance deaf to the others, which its own boards
 * cannot tell, is said in its log, with why the connection went.
 */
export function createSocketSubscriber(redisUrl: string, warn: (message: string) => void): Redis {
  const redis = new Redis(redisUrl, { ...CONNECTION_BASE, maxRetriesPerRequest: null });
  // Why the connection went: a refusal, a reset, a timeout; a clean close by Redis leaves none.
  let cause = 'Redis closed the connection';
  redis.on('error', (error: Error) => {
    cause = error.message;
  });
  let away = false;
  redis.on('reconnecting', () => {
    if (away) return;
    away = true;
    warn(`Socket subscriber cannot reach Redis (${cause}): pushes made by other processes do not reach this instance's browsers until it can`);
    cause = 'Redis closed the connection';
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    warn('Socket subscriber reached Redis again');
  });
  for (const command of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
    const send = (redis[command] as (...args: unknown[]) => Promise<unknown>).bind(redis);
    (redis[command] as unknown) = (...args: unknown[]) => {
      const sent = send(...args).catch((error: Error) => {
        if (redis.status !== 'end') warn(`Socket subscriber could not ${command} ${args.join(' ')}: ${error.message}`);
        return 0;
      });
      subscriptions.set(redis, Promise.all([subscriptions.get(redis), sent]));
      return sent;
    };
  }
  return redis;
}

/** What each socket subscriber has been asked to (un)subscribe so far, settled once Redis has answered all of it. */
const subscriptions = new WeakMap<Redis, Promise<unknown>>();

/**
 * Waits, at most `waitMs`, until Redis has taken the subscriber's subscriptions: an instance that
 * answers before then would not hear pushes made elsewhere meanwhile (a board on it would miss
 * them for good). A Redis that is away does not hold it back for longer than the wait.
 */
export async function untilSubscribed(redis: Redis, waitMs: number): Promise<void> {
  const pending = subscriptions.get(redis);
  if (!pending) return;
  await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
}

/** A Lua script bound to a connection: called with its keys, then its arguments. */
export type RedisScript<R> = (...keysThenArgs: string[]) => Promise<R>;

/**
 * A Lua script on `redis`, run by its SHA (EVALSHA): ioredis sends its body only when Redis does
 * not have it yet (NOSCRIPT), not with every call, which counts for scripts an SOS flood runs for
 * every SOS. Without `numberOfKeys`, the call gives the number of keys first.
 */
export function redisScript<R>(redis: Redis, name: string, numberOfKeys: number | undefined, lua: string): RedisScript<R> {
  redis.defineCommand(name, { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, (...keysThenArgs: string[]) => Promise<R>>)[name]!;
  return (...keysThenArgs) => command.apply(redis, keysThenArgs);
}
