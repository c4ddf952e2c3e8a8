import { Redis } from 'ioredis';

/**
 * A Redis connection for Socket.IO fan-out (the API's adapter, the worker's emitter).
 * Those libraries fire `publish` without handling its promise, and Node ends the process
 * on an unhandled rejection. So: pushes made while Redis is away wait for it instead of
 * failing (no per-request retry limit), and the one rejection left, a push cut off by
 * shutting down, is caught here.
 */
export function createSocketPublisher(redisUrl: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
  redis.on('error', () => undefined);
  const publish = redis.publish.bind(redis) as (channel: string, message: string | Buffer) => Promise<number>;
  redis.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: Error) => {
      onError(error);
      return 0;
    })) as Redis['publish'];
  return redis;
}
