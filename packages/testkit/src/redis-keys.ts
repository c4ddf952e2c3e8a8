import { Redis } from 'ioredis';
// The module alone: the package's index loads Nest.
import { closeNow } from '@towing/platform/redis-connections';

/**
 * Deletes the key `prefix` and every `prefix:*` key (queues, socket channels, rate limits of
 * one run); returns how many it deleted. A longer prefix that starts with ours is left alone.
 */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      const ours = keys.filter((key) => key === prefix || key.startsWith(`${prefix}:`));
      if (ours.length > 0) deleted += await redis.del(...ours);
    } while (cursor !== '0');
  } finally {
    closeNow(redis);
  }
  return deleted;
}
