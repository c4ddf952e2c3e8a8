import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import { tooManyRequests } from '../common/errors.js';

const WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins one address may make in a window, whatever the accounts. */
export const ADDRESS_FAILURES = 30;
/** Failed sign-ins against one account in a window, from addresses it has never signed in from. */
export const ACCOUNT_FAILURES = 10;
/** Failed sign-ins against one account from an address it has signed in from before. */
export const KNOWN_ADDRESS_FAILURES = 10;
/** How long an address stays "known" to an account after a successful sign-in. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

interface Limits {
  points: number;
  duration: number;
}

/** One sign-in attempt, already counted; the caller says how the password check ended. */
export interface LoginAttempt {
  /** The password was right: the attempt is given back and the address becomes known to the account. */
  succeeded(): Promise<void>;
  /** The password (or the username) was wrong: the attempt stays counted. */
  failed(): Promise<void>;
  /** Nothing was decided (the database was away): the attempt is given back. */
  abandoned(): Promise<void>;
}

type Counter = [limiter: RateLimiterRedis, key: string];

/**
 * Throttles password guessing by address and by account, in Redis so every API instance
 * counts together. Each attempt takes its point before the password is checked (an atomic
 * consume), so requests sent in parallel cannot all slip past one count; a right password gives
 * it back. A block lasts at most one window (15 minutes from the first failure) and then lifts
 * by itself, so nobody is locked out for good; and an attack on an account from elsewhere never
 * blocks the address the owner has signed in from before, which has its own, separate allowance.
 */
@Injectable()
export class LoginThrottle {
  private readonly byAddress: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;
  private readonly byKnownAddress: RateLimiterRedis;
  private readonly knownAddresses: RateLimiterRedis;

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
    this.byKnownAddress = limiter('known-address', failures(KNOWN_ADDRESS_FAILURES));
    this.knownAddresses = limiter('known', { points: 1_000_000, duration: KNOWN_ADDRESS_SECONDS });
  }

  /**
   * Counts an attempt against this address and this account (from a known address, against
   * that pair's own allowance); refuses with 429 + Retry-After when either has none left.
   */
  async attempt(username: string, address: string, response: Response): Promise<LoginAttempt> {
    const account = accountKey(username);
    const pair = `${account}|${address}`;
    const known = (await this.knownAddresses.get(pair)) !== null;
    const counters: Counter[] = [[this.byAddress, address], known ? [this.byKnownAddress, pair] : [this.byAccount, account]];
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
        await Promise.all([this.byKnownAddress.delete(pair), this.knownAddresses.penalty(pair)]);
      },
      // A typo from a known address still counts towards the account, as seen from elsewhere.
      failed: async () => {
        if (known) await this.byAccount.penalty(account);
      },
      abandoned: () => giveBack(counters),
    };
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
