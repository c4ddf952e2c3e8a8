import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';

export interface RateLimitPolicy {
  /** Names the bucket; callers of different routes with one policy share it. */
  name: string;
  /** Requests allowed per address in each window. */
  points: number;
  windowSeconds: number;
}

export const RATE_LIMIT_KEY = 'rate-limit';

/** Limits how often one client address may call the route. Never put this on the SOS route. */
export const RateLimit = (policy: RateLimitPolicy) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, policy), UseGuards(RateLimitGuard));
