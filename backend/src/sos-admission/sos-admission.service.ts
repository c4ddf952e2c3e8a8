import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type SosAdmission, toE164 } from '@towing/contracts';
import { ENVIRONMENT, type Environment, type RedisScript, redisScript } from '@towing/platform';
import { clientKey } from '../rate-limit/client-key.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';

const HOUR_MS = 3600_000;
/**
 * Past this a Redis that is connected but not answering is treated as away: the SOS is stored
 * and admitted rather than kept waiting. Long enough that a busy API (its event loop late by a
 * second under a flood) does not take a slow answer for no answer, which would admit the flood.
 */
const DECISION_WAIT_MS = 3000;

/**
 * One round trip decides an SOS (KEYS: the source's admitted and held SOS, its admitted phones,
 * this phone's admitted SOS from it; ARGV: now, window ms, allowance, per-phone allowance, the
 * SOS's identity, the phone). An identity seen before (a retry with the same Idempotency-Key)
 * gets its first answer and counts nothing. A phone the source already had admitted in the
 * window is admitted again while it has fewer than `allowance` SOS there (a caller pressing
 * twice); a new phone is admitted while the source has had fewer than `allowance` distinct
 * phones admitted in the window. Returns {held, newSource}:
 * newSource is 1 when the source had sent no SOS in the window before this one.
 */
const DECIDE = `
local cutoff = tonumber(ARGV[1]) - tonumber(ARGV[2])
for i = 1, 4 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', cutoff) end
if redis.call('ZSCORE', KEYS[1], ARGV[5]) then return {0, 0} end
if redis.call('ZSCORE', KEYS[2], ARGV[5]) then return {1, 0} end
local newSource = 0
if redis.call('ZCARD', KEYS[1]) + redis.call('ZCARD', KEYS[2]) == 0 then newSource = 1 end
local held
if redis.call('ZSCORE', KEYS[3], ARGV[6]) then
  held = redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[4])
else
  held = redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[3])
end
if held then
  redis.call('ZADD', KEYS[2], ARGV[1], ARGV[5])
else
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
  redis.call('ZADD', KEYS[3], ARGV[1], ARGV[6])
  redis.call('ZADD', KEYS[4], ARGV[1], ARGV[5])
end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
if held then return {1, newSource} end
return {0, newSource}
`;

/**
 * Decides, at the API's edge and before the job is written, whether an SOS is admitted (texts
 * and alerts go out) or held: what one client address (clientKey: an IPv6 /64) can make us do
 * in an hour is bounded by SOS_SOURCE_HOURLY_ALLOWANCE distinct phones, each at most that many
 * times. The SOS itself is
 * always stored and shown. Counts live in Redis so every API instance shares them.
 */
@Injectable()
export class SosAdmissionService {
  private readonly logger = new Logger(SosAdmissionService.name);
  private readonly decideSos: RedisScript<[number, number]>;

  constructor(
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    this.decideSos = redisScript(redis, 'towingDecideSos', 4, DECIDE);
  }

  /** The address as stored: a keyed hash, so the database never holds the address itself. */
  sourceOf(address: string | undefined): string {
    return createHmac('sha256', this.environment.sessionSecret).update(`sos-source:${clientKey(address)}`).digest('hex');
  }

  /**
   * `identity` is the request's Idempotency-Key: the page's retries repeat it and are not
   * counted again. An SOS without one counts each time it is sent.
   */
  async decide(address: string | undefined, phone: string, identity: string | undefined): Promise<SosAdmission> {
    const source = this.sourceOf(address);
    if (this.redis.status !== 'ready') return this.admittedUndecided(source, `Redis is ${this.redis.status}`);
    const phoneKey = toE164(phone) ?? phone.trim();
    const key = (name: string) => `${this.environment.redisPrefix}:sos-admission:${source}:${name}`;
    const decision = this.decideSos(
      key('admitted'),
      key('held'),
      key('phones'),
      key(`phone:${phoneKey}`),
      String(Date.now()),
      String(HOUR_MS),
      String(this.environment.sosAdmission.sourceHourlyAllowance),
      String(this.environment.sosAdmission.sourceHourlyAllowance),
      identity ?? randomUUID(),
      phoneKey,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DECISION_WAIT_MS} ms`)), DECISION_WAIT_MS);
    });
    try {
      const [held, newSource] = await Promise.race([decision, late]);
      return { source, held: held === 1, newSource: newSource === 1 };
    } catch (error) {
      decision.catch(() => undefined);
      return this.admittedUndecided(source, (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Without the counts nothing says this caller is a flood: the SOS goes out as usual. */
  private admittedUndecided(source: string, why: string): SosAdmission {
    this.logger.warn(`SOS admission undecided, admitted: ${why}`);
    return { source, held: false, newSource: false };
  }
}
