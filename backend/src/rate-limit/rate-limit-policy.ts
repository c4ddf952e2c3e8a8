export interface RateLimitPolicy {
  /** Names the bucket; callers of different routes with one policy share it. */
  name: string;
  /** Requests allowed per address in each window. */
  points: number;
  windowSeconds: number;
}

/** Where @RateLimit leaves a route's policy for the guard to read. */
export const RATE_LIMIT_KEY = 'rate-limit';
