import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { clientKey } from './client-key.js';
import { RATE_LIMIT_KEY, type RateLimitPolicy } from './rate-limit-policy.js';
import { RateLimiters } from './rate-limiters.js';

/** Applies a route's @RateLimit per client (clientKey: X-Forwarded-For only from a proxy TRUST_PROXY names, IPv6 by /64). */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, context.getHandler());
    if (!policy) return true;
    const http = context.switchToHttp();
    await this.limiters.consume(policy, clientKey(http.getRequest<Request>().ip), http.getResponse<Response>());
    return true;
  }
}
