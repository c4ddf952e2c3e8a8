import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';
import { tooManyRequests } from '../common/errors.js';

/**
 * Named counters in Redis, so every API instance shares each count. While Redis is away each
 * instance counts in memory instead: a customer's message is never refused for that.
 */
@Injectable()
export class RateLimiters {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Counts one call against `key` (an address, a job id); past the policy's points, a 429 with Retry-After. */
  async consume(policy: RateLimitPolicy, key: string, response: Response, message = defaultMessage): Promise<void> {
    try {
      await this.limiter(policy).consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooManyRequests(response, rejection.msBeforeNext, message);
    }
  }

  /** Gives back a call counted against `key`: the caller proved what the count guards against guessing. */
  async giveBack(policy: RateLimitPolicy, key: string): Promise<void> {
    await this.limiter(policy).reward(key);
  }

  private limiter(policy: RateLimitPolicy): RateLimiterRedis {
    let limiter = this.limiters.get(policy.name);
    if (!limiter) {
      const options = { points: policy.points, duration: policy.windowSeconds };
      limiter = new RateLimiterRedis({
        ...options,
        storeClient: this.redis,
        keyPrefix: `${this.environment.redisPrefix}:rate:${policy.name}`,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      this.limiters.set(policy.name, limiter);
    }
    return limiter;
  }
}

function defaultMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} seconds or call us.`;
}
