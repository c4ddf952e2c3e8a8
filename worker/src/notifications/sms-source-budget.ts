import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { SmsBudget } from '@towing/platform';
import type { Budget } from './daily-budgets.js';

/** The address an SOS came from, as the API's admission decided it (contracts' SosAdmission). */
export interface SmsSource {
  /** The keyed hash of the client address. */
  key: string;
  /** It had sent no SOS in the hour before: its caller may use the texts kept for new callers. */
  newSource: boolean;
}

/** SMS_DAILY_LIMIT split in two: the general pool and the reserve kept for new callers. */
export function dailyPools(sms: SmsBudget): { general: number; newCallers: number } {
  const newCallers = Math.floor((sms.dailyLimit * sms.newCallerReservePercent) / 100);
  return { general: sms.dailyLimit - newCallers, newCallers };
}

/**
 * How SMS_DAILY_LIMIT is partitioned so that no address, nor a few of them, can spend what the
 * next real caller needs: every address's SOS may cause at most SMS_SOURCE_DAILY_LIMIT texts a
 * day, and SMS_NEW_CALLER_RESERVE_PERCENT of the day's texts is kept for SOS from addresses that
 * sent none in the hour before, spent only once the general pool is. A text without a source
 * (booking, status, quote) spends the general pool alone, and all texts together never pass
 * SMS_DAILY_LIMIT.
 */
export class SmsSourcePartition {
  private readonly perSource: RateLimiterRedis;
  private readonly newCallers: RateLimiterRedis;

  constructor(
    private readonly sms: SmsBudget,
    limiter: (name: string, points: number) => RateLimiterRedis,
  ) {
    this.perSource = limiter('per-source', sms.sourceDailyLimit);
    // A limiter needs at least one point; with no reserve it is never asked.
    this.newCallers = limiter('new-callers', Math.max(dailyPools(sms).newCallers, 1));
  }

  /** The source's own daily share, spent before the shared pools. */
  share(source: SmsSource | undefined): Budget[] {
    if (!source) return [];
    const refusal = `This caller's address has caused ${this.sms.sourceDailyLimit} texts today (SMS_SOURCE_DAILY_LIMIT)`;
    return [{ limiter: this.perSource, key: source.key, refusal }];
  }

  /** Where a new caller's text goes when the general pool is spent; null for anyone else. */
  reserve(source: SmsSource | undefined): Budget | null {
    if (!source?.newSource || dailyPools(this.sms).newCallers === 0) return null;
    return { limiter: this.newCallers, key: 'all', refusal: `Today's ${dailyPools(this.sms).newCallers} texts kept for new callers are spent (SMS_NEW_CALLER_RESERVE_PERCENT)` };
  }
}
