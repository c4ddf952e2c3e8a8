import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { WorkerRedis } from './worker-redis.js';

const DAY_SECONDS = 24 * 3600;

/** One count a message spends, and why a message is refused when it is spent. */
export interface Budget {
  limiter: RateLimiterRedis;
  key: string;
  refusal: string;
}

/**
 * A daily count shared by every worker (in Redis, under `name`); counted in memory while
 * Redis is away, so an outage neither stops messages nor lifts the limit.
 */
export function dailyLimiter(redis: WorkerRedis, name: string, points: number): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis.connection,
    keyPrefix: redis.key(name),
    points,
    duration: DAY_SECONDS,
    insuranceLimiter: new RateLimiterMemory({ points, duration: DAY_SECONDS }),
  });
}

/**
 * Spends one of each budget, in order, or none: the first that is spent refuses the message and
 * the ones already counted are given back (a message not sent costs the others nothing).
 * Answers the refusing budget.
 */
export async function spendAll(budgets: readonly Budget[]): Promise<Budget | null> {
  const spent: Budget[] = [];
  for (const budget of budgets) {
    try {
      await budget.limiter.consume(budget.key);
      spent.push(budget);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      await Promise.all(spent.map(({ limiter, key }) => limiter.reward(key)));
      return budget;
    }
  }
  return null;
}
