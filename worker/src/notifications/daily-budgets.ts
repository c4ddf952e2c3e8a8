import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { WorkerRedis } from './worker-redis.js';

const DAY_SECONDS = 24 * 3600;

/** One count a message spends, and why a message is refused when it is spent. */
export interface Budget {
  limiter: RateLimiterRedis;
  key: string;
  refusal: string;
  /** Spent instead once this one is spent: the texts kept for new callers. */
  reserve?: Budget | null;
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
 * Spends one of each budget (or of its reserve, once the budget is spent), in order, or none:
 * the first that is spent refuses the message and the ones already counted are given back (a
 * message not sent costs the others nothing). Answers the refusing budget, the reserve when
 * there was one.
 */
export async function spendAll(budgets: readonly Budget[]): Promise<Budget | null> {
  const spent: Budget[] = [];
  for (const budget of budgets) {
    const paidBy = (await consumed(budget)) ? budget : budget.reserve && (await consumed(budget.reserve)) ? budget.reserve : null;
    if (!paidBy) {
      await Promise.all(spent.map(({ limiter, key }) => limiter.reward(key)));
      return budget.reserve ?? budget;
    }
    spent.push(paidBy);
  }
  return null;
}

/** Spends one of the budget: false when it is spent. */
async function consumed({ limiter, key }: Budget): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return false;
  }
}
