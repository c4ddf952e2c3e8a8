import { Inject, Injectable } from '@nestjs/common';
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { canReceiveSms } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { type Budget, budgetSpender, dailyLimiter } from './daily-budgets.js';
import { dailyPools, overseasPools, type SmsSource, SmsSourcePartition } from './sms-source-budget.js';
import { WorkerRedis } from './worker-redis.js';

/**
 * Country calling codes that are never texted: they bill far above a mobile, or cannot take a
 * text at all.
 * - 870 Inmarsat, 881 Global Mobile Satellite System (Iridium, Globalstar, Thuraya), 882 and
 *   883 International Networks (satellite, maritime, in-flight and other carrier services);
 * - 979 International Premium Rate Service, 808 International Shared Cost Service;
 * - 800 International Freephone, 888 the UN's disaster-relief numbers (no texts).
 */
export const REFUSED_CALLING_CODES: Record<string, string> = {
  '870': 'satellite (Inmarsat)',
  '881': 'satellite (Global Mobile Satellite System)',
  '882': 'international network (satellite, maritime or carrier service)',
  '883': 'international network (carrier service)',
  '979': 'international premium rate',
  '808': 'international shared cost',
  '800': 'international freephone',
  '888': 'international humanitarian service',
};

/**
 * Number types never texted, in any country (libphonenumber's ranges): premium rate (1900 in
 * Australia, 900 in North America), shared cost (13 and 1300), toll free (1800), universal
 * access, pagers, personal numbers (forwarding services that bill the caller) and voicemail.
 */
export const REFUSED_TYPES: Partial<Record<NumberType & string, string>> = {
  PREMIUM_RATE: 'premium rate',
  SHARED_COST: 'shared cost',
  TOLL_FREE: 'toll free',
  UAN: 'universal access number',
  PAGER: 'pager',
  PERSONAL_NUMBER: 'personal (forwarding) number',
  VOICEMAIL: 'voicemail',
};

const HOME_CALLING_CODE = '61';

/** The notifications log's reason for a text not sent to a number that texted STOP. */
export const OPTED_OUT_REASON = 'Opted out: this number texted STOP (START opts it back in)';

/**
 * What the worker may text: never a costly range; numbers outside Australia within a daily
 * budget shared by all of them (stranded tourists are real), a public SOS's overseas texts
 * partitioned per address and per number (SmsSourcePartition); any one number a few times a day;
 * and all numbers together within a daily budget, so an SOS from each of many valid mobiles
 * cannot run up the bill without end. The on-call owners are exempt from the budgets (their
 * alerts SosAlertThrottle bounds). Counts live in Redis so every worker shares them.
 */
@Injectable()
export class SmsPolicy {
  private readonly perNumber: RateLimiterRedis;
  private readonly overseas: RateLimiterRedis;
  private readonly daily: RateLimiterRedis;
  private readonly partition: SmsSourcePartition;
  private readonly oncall: Set<string>;
  /** The on-call phones' rangeRefusal, worked out once: every SOS alert texts them. */
  private readonly oncallRanges: Map<string, string | null>;
  /** Why the overseas and the general pool refuse a text (the same each time: worked out once). */
  private readonly overseasSpent: string;
  private readonly dailySpent: string;
  private readonly spendAll: ReturnType<typeof budgetSpender>;

  constructor(
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    redis: WorkerRedis,
  ) {
    const { sms, oncallPhones } = environment;
    const limiter = (name: string, points: number) => dailyLimiter(redis, `sms:${name}`, points);
    this.perNumber = limiter('per-number', sms.perNumberDailyLimit);
    this.overseas = limiter('overseas', overseasPools(sms).general);
    this.daily = limiter('daily', dailyPools(sms).general);
    this.partition = new SmsSourcePartition(sms, limiter);
    this.spendAll = budgetSpender(redis);
    this.oncall = new Set(oncallPhones);
    this.oncallRanges = new Map(oncallPhones.map((phone) => [phone, rangeRefusal(phone)]));
    this.overseasSpent = `Overseas number: today's budget of ${sms.overseasDailyLimit} overseas texts is spent${keptFor(overseasPools(sms))} (SMS_OVERSEAS_DAILY_LIMIT)`;
    this.dailySpent = `Today's budget of ${sms.dailyLimit} texts is spent${keptFor(dailyPools(sms))} (SMS_DAILY_LIMIT)`;
  }

  /**
   * Why this E.164 number must not be texted now, or null when it may (and then it is counted).
   * Ask once per message: each answer spends the budgets. `optedOut`: the number is in
   * sms_opt_outs (the notifier reads it in the statement that claims the text). `source` is the
   * address whose SOS causes the text, when one does (SmsSourcePartition).
   */
  async refusal(phoneE164: string, optedOut: boolean, source?: SmsSource): Promise<string | null> {
    const range = this.oncallRanges.has(phoneE164) ? this.oncallRanges.get(phoneE164)! : rangeRefusal(phoneE164);
    if (range) return range;
    // Twilio refuses to text a number that opted out too (error 21610); we never ask it to, owners included.
    if (optedOut) return OPTED_OUT_REASON;
    if (this.oncall.has(phoneE164)) return null;
    const { sms } = this.environment;
    const budgets: Budget[] = [
      { limiter: this.perNumber, key: phoneE164, refusal: `This number has had ${sms.perNumberDailyLimit} texts in the last day (SMS_PER_NUMBER_DAILY_LIMIT)` },
      ...(phoneE164.startsWith(`+${HOME_CALLING_CODE}`)
        ? []
        : [
            ...this.partition.overseasShare(source, phoneE164),
            { limiter: this.overseas, key: 'all', refusal: this.overseasSpent, reserve: this.partition.overseasReserve(source) },
          ]),
      ...this.partition.share(source),
      // A new caller's text that finds the general pool spent is paid from the reserve kept for them.
      { limiter: this.daily, key: 'all', refusal: this.dailySpent, reserve: this.partition.reserve(source) },
    ];
    return (await this.spendAll(budgets))?.refusal ?? null;
  }
}

/** A pool refuses everyone but new callers while its reserve lasts: the refusal says so. */
function keptFor(pools: { newCallers: number }): string {
  return pools.newCallers === 0 ? '' : ` but for the ${pools.newCallers} kept for new callers`;
}

/** Why a number's range is never texted, or null. */
export function rangeRefusal(phoneE164: string): string | null {
  const parsed = parsePhoneNumberFromString(phoneE164);
  if (!parsed) return 'Not a phone number';
  const callingCode = parsed.countryCallingCode;
  if (REFUSED_CALLING_CODES[callingCode]) return `Costly range: ${REFUSED_CALLING_CODES[callingCode]} (+${callingCode})`;
  const type = parsed.getType();
  if (type && REFUSED_TYPES[type]) return `Costly range: ${REFUSED_TYPES[type]} number`;
  // A new Australian mobile block may be missing from the ranges: the one phone rule says what a mobile is
  // (of the number as parsed here, not parsed again).
  const australianMobile = callingCode === HOME_CALLING_CODE && parsed.isPossible() && canReceiveSms(parsed.number);
  if (!parsed.isValid() && !australianMobile) return 'Not in any allocated range of its country';
  return null;
}
