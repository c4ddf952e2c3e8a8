import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import { apiError } from './errors.js';

export const BUSY_RETRY_AFTER_SECONDS = 2;
const HEALTH_PATHS = new Set(['/api/health', '/api/health/live']);
/** How often the gauge reads the load; a reading stands until the next. */
const WINDOW_MS = 100;

export interface LoadLimits {
  /** The event loop's delay (p90 over the last window) above which this process is saturated. */
  loopDelayMs: number;
  /** The median time of the requests answered in the last window above which they are queueing. */
  requestMs: number;
}

/**
 * This process's load, measured rather than counted, so it is right on any machine: how late the
 * event loop runs (CPU saturation: requests queue in front of it) and how long requests take to
 * answer (a saturated database or Redis: requests queue behind it). Read every WINDOW_MS.
 */
export class LoadGauge {
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private readonly timer: NodeJS.Timeout;
  private answered: number[] = [];
  /** When each request under way started, oldest first. */
  private readonly underWay = new Map<object, number>();
  private loopDelayMs = 0;
  private requestMs = 0;

  constructor(private readonly limits: LoadLimits) {
    this.loop.enable();
    this.timer = setInterval(() => this.read(), WINDOW_MS).unref();
  }

  get overloaded(): boolean {
    return this.loopDelayMs > this.limits.loopDelayMs || this.requestMs > this.limits.requestMs;
  }

  /** A request this process admitted: call the returned function once it is answered. */
  admitted(): () => void {
    const request = {};
    const started = performance.now();
    this.underWay.set(request, started);
    return () => {
      if (!this.underWay.delete(request)) return;
      this.answered.push(performance.now() - started);
    };
  }

  private read(): void {
    this.loopDelayMs = this.loop.percentile(90) / 1e6;
    this.loop.reset();
    if (this.answered.length > 0) {
      this.requestMs = this.answered.sort((a, b) => a - b)[this.answered.length >> 1];
      this.answered = [];
      return;
    }
    // No answer in the window: the oldest request still under way says how stalled this process
    // is (none under way: it is idle, and the next request is admitted).
    const [oldest] = this.underWay.values();
    this.requestMs = oldest === undefined ? 0 : performance.now() - oldest;
  }

  stop(): void {
    clearInterval(this.timer);
    this.loop.disable();
  }
}

/**
 * Answers at once with 503 + Retry-After while this process is overloaded, before any database
 * or Redis work, instead of letting every caller queue into a timeout: a stranded driver's page
 * retries with the same Idempotency-Key (it keeps the SOS queued), and what is admitted still
 * finishes fast. The health checks are never shed, so a load balancer can tell busy from down.
 */
export function shedLoad(gauge: LoadGauge) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!request.path.startsWith('/api/') || HEALTH_PATHS.has(request.path)) return next();
    if (gauge.overloaded) {
      response.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      response.status(503).json(apiError(503, `We are very busy right now. Please try again in ${BUSY_RETRY_AFTER_SECONDS} seconds, or call us.`));
      return;
    }
    const answered = gauge.admitted();
    response.once('finish', answered);
    response.once('close', answered);
    next();
  };
}
