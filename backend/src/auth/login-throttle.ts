import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import { tooManyRequests } from '../common/errors.js';
import { knownDevice, newDeviceToken } from './device-cookie.js';

const WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins one address may make in a window, whatever the accounts. */
export const ADDRESS_FAILURES = 30;
/** Failed sign-ins against one account in a window from clients it does not know, before they are slowed. */
export const ACCOUNT_FAILURES = 10;
/** Once those are spent, unknown clients get one attempt at the account per this many seconds. */
export const SLOWED_SECONDS = 60;
/** Failed sign-ins one known device may make in a window (its own allowance, nobody else's). */
export const DEVICE_FAILURES = 10;

interface Limits {
  points: number;
  duration: number;
}

/** One sign-in attempt, already counted: a wrong password leaves it so; the caller says when it ended otherwise. */
export interface LoginAttempt {
  /** The password was right: the attempt is given back; answers the device cookie value to set. */
  succeeded(): Promise<string>;
  /** Nothing was decided (the database was away): the attempt is given back. */
  abandoned(): Promise<void>;
}

type Counter = [limiter: RateLimiterRedis, key: string];

/**
 * Throttles password guessing, in Redis so every API instance counts together, after OWASP's
 * device cookies. A browser that signed in to the account before (a valid device cookie for
 * it) has its own allowance and is never held back by the account's or its address's failures,
 * so someone else's guesses never lock the owner out, at any address. Every other client counts
 * against its address and against the account; once the account's allowance for unknown clients
 * is spent they are slowed to one attempt per SLOWED_SECONDS, never refused for good. Each
 * attempt takes its point before the password is checked (an atomic consume), so requests sent
 * in parallel cannot all slip past one count; a right password gives it back.
 */
@Injectable()
export class LoginThrottle {
  private readonly byAddress: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;
  private readonly slowed: RateLimiterRedis;
  private readonly byDevice: RateLimiterRedis;
  private readonly secret: string;

  constructor(@Inject(REDIS_PRODUCER) redis: Redis, @Inject(ENVIRONMENT) environment: Environment) {
    const limiter = (name: string, limits: Limits) =>
      new RateLimiterRedis({
        ...limits,
        storeClient: redis,
        keyPrefix: `${environment.redisPrefix}:login:${name}`,
        insuranceLimiter: new RateLimiterMemory(limits),
      });
    const failures = (points: number): Limits => ({ points, duration: WINDOW_SECONDS });
    this.byAddress = limiter('address', failures(ADDRESS_FAILURES));
    this.byAccount = limiter('account', failures(ACCOUNT_FAILURES));
    this.slowed = limiter('slowed', { points: 1, duration: SLOWED_SECONDS });
    this.byDevice = limiter('device', failures(DEVICE_FAILURES));
    this.secret = environment.sessionSecret;
  }

  /**
   * Counts an attempt: from a known device against that device alone, otherwise against this
   * address and this account (past the account's allowance, against its slowed pace). Refuses
   * with 429 + Retry-After when a counter has nothing left.
   */
  async attempt(username: string, address: string, cookieHeader: string | undefined, response: Response): Promise<LoginAttempt> {
    const account = accountKey(username);
    const device = knownDevice(cookieHeader, this.secret, account);
    const counters = device ? [this.deviceCounter(account, device)] : await this.unknownClientCounters(account, address);
    const results = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)));
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    if (refusals.length > 0) {
      // A refused attempt checks no password, so it costs the other counter nothing.
      await giveBack(counters.filter((_, index) => results[index]!.status === 'fulfilled'));
      const fault = refusals.find((refusal) => !(refusal instanceof RateLimiterRes));
      if (fault) throw fault;
      const waitMs = Math.max(...(refusals as RateLimiterRes[]).map((refusal) => refusal.msBeforeNext));
      throw tooManyRequests(response, waitMs, (seconds) => `Too many failed sign-ins. Please try again in ${minutes(seconds)}.`);
    }
    return {
      succeeded: async () => {
        await giveBack(counters);
        if (device) await this.byDevice.delete(this.deviceCounter(account, device)[1]);
        return newDeviceToken(this.secret, account);
      },
      abandoned: () => giveBack(counters),
    };
  }

  private deviceCounter(account: string, device: string): Counter {
    return [this.byDevice, `${account}|${device}`];
  }

  /** The address's counter and the account's, or its slowed pace once the account's allowance is spent. */
  private async unknownClientCounters(account: string, address: string): Promise<Counter[]> {
    const spent = ((await this.byAccount.get(account))?.remainingPoints ?? ACCOUNT_FAILURES) <= 0;
    return [
      [this.byAddress, address],
      [spent ? this.slowed : this.byAccount, account],
    ];
  }
}

async function giveBack(counters: Counter[]): Promise<void> {
  await Promise.all(counters.map(([limiter, key]) => limiter.reward(key)));
}

function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

function minutes(seconds: number): string {
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}
