import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import { routePath } from '@towing/contracts';
import { apiError } from './errors.js';

export const BUSY_RETRY_AFTER_SECONDS = 2;
/**
 * Never shed: the health checks (a load balancer must tell busy from down), and the SOS form's
 * native post, which comes from a phone with no script to retry it: it is stored, busy or not.
 */
const NEVER_SHED = new Set(['/api/health', '/api/health/live', routePath('POST /api/sos/form')]);
/** How often the gauge reads the load; a reading stands until the next. */
const WINDOW_MS = 100;
/**
 * A late event loop is this process's own backlog only while it is using the CPU it gets: on a
 * machine busy with other processes the loop is late too, and refusing work would not help.
 */
const SATURATED_CPU_SHARE = 0.75;
/** How many of the latest answers the answer time is the median of (one slow PDF is not a queue). */
const RECENT_ANSWERS = 9;

export interface LoadLimits {
  /** The event loop's delay (p90 over the last window) above which a busy process is saturated. */
  loopDelayMs: number;
  /** The median time of the latest answers above which requests are queueing. */
  requestMs: number;
}

/**
 * This process's load, measured rather than counted, so it is right on any machine: how late its
 * event loop runs while it uses the CPU it gets (requests queue in front of it), and how long
 * requests take to answer (a saturated database or Redis: requests queue behind it). Read every
 * WINDOW_MS.
 */
export class LoadGauge {
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });
  private readonly timer: NodeJS.Timeout;
  private readonly recent = new Float64Array(RECENT_ANSWERS);
  private answers = 0;
  private answeredSinceRead = false;
  private cpu = process.cpuUsage();
  private readAt = performance.now();
  private saturated = false;
  private requestMs = 0;

  constructor(private readonly limits: LoadLimits) {
    this.loop.enable();
    this.timer = setInterval(() => this.read(), WINDOW_MS).unref();
  }

  get overloaded(): boolean {
    return this.saturated || this.requestMs > this.limits.requestMs;
  }

  /** A request this process admitted: call the returned function (once or more) when it is answered. */
  admitted(): () => void {
    const started = performance.now();
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.answer(performance.now() - started);
    };
  }

  private answer(ms: number): void {
    this.recent[this.answers % RECENT_ANSWERS] = ms;
    this.answers += 1;
    this.answeredSinceRead = true;
    if (this.answers >= RECENT_ANSWERS) this.requestMs = Float64Array.from(this.recent).sort()[RECENT_ANSWERS >> 1];
  }

  private read(): void {
    const now = performance.now();
    const cpu = process.cpuUsage(this.cpu);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (now - this.readAt);
    this.saturated = this.loop.percentile(90) / 1e6 > this.limits.loopDelayMs && cpuShare > SATURATED_CPU_SHARE;
    this.loop.reset();
    this.cpu = process.cpuUsage();
    this.readAt = now;
    // What is shed is not answered here: a window with no answer starts the count again, so
    // shedding ends by itself once the backlog is gone.
    if (!this.answeredSinceRead) {
      this.answers = 0;
      this.requestMs = 0;
    }
    this.answeredSinceRead = false;
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
 * finishes fast. What NEVER_SHED names is always admitted.
 */
export function shedLoad(gauge: LoadGauge) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!request.path.startsWith('/api/') || NEVER_SHED.has(request.path)) return next();
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
