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
 * spendAll in one Redis script, on the limiters' own keys and counts (rate-limiter-flexible's:
 * a count made on first use with the limiter's duration, a spent attempt counted all the same).
 * KEYS: per budget, its key and its reserve's (its own again when it has none); ARGV: per
 * budget, its points and seconds, then its reserve's (0 points: none). Returns 0 when every
 * budget was paid, else the 1-based place of the one that refused, the counts already spent
 * given back.
 */
const SPEND_ALL = `
local function add(key, by, seconds)
  redis.call('SET', key, 0, 'EX', seconds, 'NX')
  local count = redis.call('INCRBY', key, by)
  if redis.call('PTTL', key) == -1 then redis.call('EXPIRE', key, seconds) end
  return count
end
local spent = {}
for i = 1, #KEYS / 2 do
  local paidBy = nil
  if add(KEYS[2 * i - 1], 1, ARGV[4 * i - 2]) <= tonumber(ARGV[4 * i - 3]) then
    paidBy = i * 2 - 1
  elseif tonumber(ARGV[4 * i - 1]) > 0 and add(KEYS[2 * i], 1, ARGV[4 * i]) <= tonumber(ARGV[4 * i - 1]) then
    paidBy = i * 2
  end
  if not paidBy then
    for _, place in ipairs(spent) do add(KEYS[place], -1, ARGV[place * 2]) end
    return i
  end
  spent[#spent + 1] = paidBy
end
return 0
`;

/**
 * Spends one of each budget (or of its reserve, once the budget is spent), in order, or none:
 * the first that is spent refuses the message and the ones already counted are given back (a
 * message not sent costs the others nothing). Answers the refusing budget, the reserve when
 * there was one. One round trip to Redis for all of them (a text spends three or four); while
 * Redis is away, each limiter counts in its memory instead.
 */
export function budgetSpender(redis: WorkerRedis): (budgets: readonly Budget[]) => Promise<Budget | null> {
  const spendInRedis = redis.script('towingSpendAllBudgets', undefined, SPEND_ALL);
  return async (budgets) => {
    if (budgets.length === 0) return null;
    const keys = budgets.flatMap(({ limiter, key, reserve }) => [limiter.getKey(key), reserve ? reserve.limiter.getKey(reserve.key) : limiter.getKey(key)]);
    const counts = budgets.flatMap(({ limiter, reserve }) => [limiter.points, limiter.duration, reserve?.limiter.points ?? 0, reserve?.limiter.duration ?? 0].map(String));
    let refused: number;
    try {
      refused = Number(await spendInRedis(String(keys.length), ...keys, ...counts));
    } catch {
      return spendOneByOne(budgets);
    }
    const budget = budgets[refused - 1];
    return budget ? (budget.reserve ?? budget) : null;
  };
}

/** spendAll a budget at a time, each limiter in Redis or, while Redis is away, in its memory. */
async function spendOneByOne(budgets: readonly Budget[]): Promise<Budget | null> {
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
