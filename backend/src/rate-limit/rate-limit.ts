import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RATE_LIMIT_KEY, type RateLimitPolicy } from './rate-limit-policy.js';

/** Limits how often one client address may call the route. Never put this on the SOS route. */
export const RateLimit = (policy: RateLimitPolicy) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, policy), UseGuards(RateLimitGuard));
