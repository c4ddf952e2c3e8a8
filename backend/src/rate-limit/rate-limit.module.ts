import { Global, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimiters } from './rate-limiters.js';

@Global()
@Module({ providers: [RateLimiters, RateLimitGuard], exports: [RateLimiters, RateLimitGuard] })
export class RateLimitModule {}
