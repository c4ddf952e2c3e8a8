import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { type Budget, budgetSpender, dailyLimiter } from './daily-budgets.js';
import { WorkerRedis } from './worker-redis.js';

/** Why an email was not sent, and whether the office is to hear that the day's budget is spent. */
export interface EmailRefusal {
  reason: string;
  /** Refused by the daily budget: the office is to hear of it (once a day, the notifier sees to that). */
  dailyLimitReached: boolean;
}

/**
 * What the worker may email to customers, so a public form cannot make the business mail
 * strangers without end: a confirmation (asked for on a public form) to any one address a few
 * times a day, and all customer mail together within a daily budget; when that is spent the
 * office hears it, once a day. Mail to the office itself is not counted. Counts live in Redis so every
 * worker shares them, as the SMS policy's do.
 */
@Injectable()
export class EmailPolicy {
  private readonly perAddress: RateLimiterRedis;
  private readonly daily: RateLimiterRedis;
  private readonly office: string;
  private readonly spendAll: ReturnType<typeof budgetSpender>;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    redis: WorkerRedis,
  ) {
    const { email, businessEmail } = environment;
    const limiter = (name: string, points: number) => dailyLimiter(redis, `email:${name}`, points);
    this.perAddress = limiter('per-address', email.perAddressDailyLimit);
    this.daily = limiter('daily', email.dailyLimit);
    this.office = businessEmail.toLowerCase();
    this.spendAll = budgetSpender(redis);
  }

  /**
   * Why this (lower-case) address must not be emailed now, or null when it may (and then it is
   * counted). Ask once per message: each answer spends the budgets.
   */
  async refusal(address: string, confirmation: boolean): Promise<EmailRefusal | null> {
    if (address === this.office) return null;
    const { email } = this.environment;
    const budgets: Budget[] = [
      ...(confirmation
        ? [{ limiter: this.perAddress, key: address, refusal: `This address has had ${email.perAddressDailyLimit} confirmation emails in the last day (EMAIL_PER_ADDRESS_DAILY_LIMIT)` }]
        : []),
      { limiter: this.daily, key: 'all', refusal: `Today's budget of ${email.dailyLimit} customer emails is spent (EMAIL_DAILY_LIMIT)` },
    ];
    const refused = await this.spendAll(budgets);
    if (!refused) return null;
    return { reason: refused.refusal, dailyLimitReached: refused.limiter === this.daily };
  }
}
