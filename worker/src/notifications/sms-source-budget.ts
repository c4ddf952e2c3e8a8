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

/** A daily limit split in two: the general pool and the reserve kept for new callers. */
function split(limit: number, reservePercent: number): { general: number; newCallers: number } {
  const newCallers = Math.floor((limit * reservePercent) / 100);
  return { general: limit - newCallers, newCallers };
}

/** SMS_DAILY_LIMIT split in two: the general pool and the reserve kept for new callers. */
export function dailyPools(sms: SmsBudget): { general: number; newCallers: number } {
  return split(sms.dailyLimit, sms.newCallerReservePercent);
}

/** SMS_OVERSEAS_DAILY_LIMIT split the same way. */
export function overseasPools(sms: SmsBudget): { general: number; newCallers: number } {
  return split(sms.overseasDailyLimit, sms.newCallerReservePercent);
}

/**
 * How SMS_DAILY_LIMIT is partitioned so that no address, nor a few of them, can spend what the
 * next real caller needs: every address's SOS may cause at most SMS_SOURCE_DAILY_LIMIT texts a
 * day, and SMS_NEW_CALLER_RESERVE_PERCENT of the day's texts is kept for SOS from addresses that
 * sent none in the hour before, spent only once the general pool is. A text without a source
 * (booking, status, quote, a staff member's SOS) spends the general pool alone, and all texts
 * together never pass SMS_DAILY_LIMIT.
 *
 * Texts outside Australia cost many times more and are what SMS pumping is after, so an SOS from
 * the public texts an overseas number only once a day per address (SMS_OVERSEAS_SOURCE_DAILY_LIMIT)
 * and per number (SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT), and SMS_OVERSEAS_DAILY_LIMIT keeps the
 * same share for new callers: a flood of overseas numbers from a few addresses leaves the next
 * stranded tourist their text.
 */
export class SmsSourcePartition {
  private readonly perSource: RateLimiterRedis;
  private readonly newCallers: RateLimiterRedis;
  private readonly overseasPerSource: RateLimiterRedis;
  private readonly overseasPerNumber: RateLimiterRedis;
  private readonly overseasNewCallers: RateLimiterRedis;

  constructor(
    private readonly sms: SmsBudget,
    limiter: (name: string, points: number) => RateLimiterRedis,
  ) {
    this.perSource = limiter('per-source', sms.sourceDailyLimit);
    // A limiter needs at least one point; with no reserve it is never asked.
    this.newCallers = limiter('new-callers', Math.max(dailyPools(sms).newCallers, 1));
    this.overseasPerSource = limiter('overseas-per-source', sms.overseasSourceDailyLimit);
    this.overseasPerNumber = limiter('overseas-sos-per-number', sms.overseasSosPerNumberDailyLimit);
    this.overseasNewCallers = limiter('overseas-new-callers', Math.max(overseasPools(sms).newCallers, 1));
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

  /** What a source's SOS may still text to this number outside Australia, spent before the overseas pool. */
  overseasShare(source: SmsSource | undefined, phoneE164: string): Budget[] {
    if (!source) return [];
    const { overseasSosPerNumberDailyLimit: perNumber, overseasSourceDailyLimit: perSource } = this.sms;
    return [
      { limiter: this.overseasPerNumber, key: phoneE164, refusal: `Overseas number: SOS from the public have texted it ${times(perNumber)} today (SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT)` },
      { limiter: this.overseasPerSource, key: source.key, refusal: `Overseas number: this caller's address has caused ${perSource} overseas ${perSource === 1 ? 'text' : 'texts'} today (SMS_OVERSEAS_SOURCE_DAILY_LIMIT)` },
    ];
  }

  /** Where a new caller's overseas text goes when the overseas pool is spent; null for anyone else. */
  overseasReserve(source: SmsSource | undefined): Budget | null {
    const { newCallers } = overseasPools(this.sms);
    if (!source?.newSource || newCallers === 0) return null;
    return { limiter: this.overseasNewCallers, key: 'all', refusal: `Overseas number: today's ${newCallers} overseas texts kept for new callers are spent (SMS_NEW_CALLER_RESERVE_PERCENT)` };
  }
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}
