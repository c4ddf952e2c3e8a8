import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ENVIRONMENT } from '../config/config.module.js';
import type { Environment } from '../config/environment.js';
import { REDIS_PRODUCER } from '../redis/redis.module.js';
import { RATE_LIMIT_KEY, type RateLimitPolicy } from './rate-limit.js';

/**
 * Counts per address in Redis, so every API instance shares the count. While Redis is away
 * each instance counts in memory instead: a customer's message is never refused for that.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS_PRODUCER) private readonly redis: Redis,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!policy) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    try {
      await this.limiter(policy).consume(request.ip ?? 'unknown');
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      http.getResponse<Response>().setHeader('Retry-After', String(seconds));
      throw new HttpException(
        {
          statusCode: HttpStatus.TOO_MANY_REQUESTS,
          error: 'Too Many Requests',
          message: `Too many requests. Please try again in ${seconds} seconds or call us.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
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
