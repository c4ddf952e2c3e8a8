import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { routePath } from '@towing/contracts';
import { apiError } from './errors.js';

export const BUSY_RETRY_AFTER_SECONDS = 2;
/**
 * Never shed: the health checks (a load balancer must tell busy from down), and the SOS form's
 * native post, which comes from a phone with no script to retry it: it is stored, busy or not.
 */
const NEVER_SHED = new Set(['/api/health', '/api/health/live', routePath('POST /api/sos/form')]);
/** How often the limit is adjusted to the measured load; a reading stands until the next. */
const WINDOW_MS = 100;
/** How often the event-loop delay monitor samples. */
const LOOP_SAMPLE_MS = 10;
/** How many of the latest answers the answer time is the median of (one slow PDF is not a queue). */
const RECENT_ANSWERS = 9;
/** However loaded, this many requests are always worked on at once: a lone request always gets through. */
const MIN_LIMIT = 4;
/** No limit to speak of: what an unloaded process admits. */
const MAX_LIMIT = 10_000;
/** Refusals are reported in one line at most this often, not one line each. */
const REPORT_EVERY_MS = 10_000;
/** An overloaded window cuts the limit to this share of what was in flight. */
const DECREASE = 0.75;
/** A healthy window in which the limit was reached raises it by this share (at least one); one that did not reach it doubles it. */
const INCREASE = 0.1;

export interface LoadLimits {
  /**
   * How late the event loop's turns ran (the median over the last window, loopLatenessMs) above
   * which the process is saturated: most turns ran late, as when requests queue in front of it.
   * One long task in a window (a frame written to a thousand sockets) is not a queue, and a p90, nearly the
   * window's worst turn, read it as one: on a slow box it refused a hundred SOS of a steady
   * 100/s and let a 300/s burst wait seconds for its refusals.
   */
  loopDelayMs: number;
  /** The median time of the latest answers above which requests are queueing. */
  requestMs: number;
}

/**
 * How late the loop ran, from the monitor's median sample: Node's monitor records the whole time
 * between two of its samples, LOOP_SAMPLE_MS when the loop is on time (an idle process reads 10.1
 * ms), so the lateness is what is past that. Read raw, the old default of 20 ms meant turns 10 ms
 * late: the default is now that 10 ms, said as what it is (a threshold of 20 ms of real lateness
 * refused fewer of a steady 100 SOS/s on a slow box, but let the admitted SOS of a 300/s burst
 * wait past a second at p99).
 */
export function loopLatenessMs(medianSampleNs: number): number {
  return Math.max(0, medianSampleNs / 1e6 - LOOP_SAMPLE_MS);
}

/**
 * How many requests this process works on at once, adjusted to its measured load rather than a
 * count that is wrong on the next machine (additive increase, multiplicative decrease, every
 * WINDOW_MS). A window in which the event loop ran late (requests queue in front of it) or the
 * latest answers were slow (a saturated database or Redis: requests queue behind it) cuts the
 * limit below what was in flight; a healthy window that reached the limit raises it a little,
 * one that did not lifts it fast: unloaded, there is no limit. What is over the limit is refused
 * at once, so however many ask, the few admitted keep the loop's turns short and are answered fast.
 * With nothing to measure (no request in flight or answered, the limit back at its ceiling and
 * every refusal reported) the windows and the loop-delay monitor stop until the next request:
 * their wakeups, 110 a second, cost an idle API 11 of its 15 CPU-ms a second on a slow VM.
 */
export class AdmissionLimit {
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  /** Set while windows are read: from a request after an idle spell until the next idle spell. */
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly recent = new Float64Array(RECENT_ANSWERS);
  private answers = 0;
  private answeredSinceRead = false;
  private requestMs = 0;
  private inFlight = 0;
  private mostInFlight = 0;
  private limit = MAX_LIMIT;
  private refused = 0;
  private reportedAt = performance.now();

  /** `report` hears, at most every REPORT_EVERY_MS, how many were refused since it last heard and the limit now. */
  constructor(
    private readonly limits: LoadLimits,
    private readonly report: (refused: number, limit: number) => void = () => undefined,
  ) {}

  /** Admits a request if the limit allows: call the returned function (once or more) when it is answered; null to refuse it. */
  tryAdmit(): (() => void) | null {
    this.measure();
    if (this.inFlight >= this.limit) {
      this.refused += 1;
      return null;
    }
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    const started = performance.now();
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.inFlight -= 1;
      this.answer(performance.now() - started);
    };
  }

  private answer(ms: number): void {
    this.recent[this.answers % RECENT_ANSWERS] = ms;
    this.answers += 1;
    this.answeredSinceRead = true;
    if (this.answers >= RECENT_ANSWERS) this.requestMs = Float64Array.from(this.recent).sort()[RECENT_ANSWERS >> 1];
  }

  /** Starts reading windows, if they are not read already. */
  private measure(): void {
    if (this.timer || this.stopped) return;
    this.loop.reset();
    this.loop.enable();
    this.timer = setInterval(() => this.read(), WINDOW_MS).unref();
  }

  private rest(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.loop.disable();
  }

  private read(): void {
    const idle = this.inFlight === 0 && !this.answeredSinceRead;
    const overloaded = loopLatenessMs(this.loop.percentile(50)) > this.limits.loopDelayMs || this.requestMs > this.limits.requestMs;
    if (overloaded) this.limit = Math.max(MIN_LIMIT, Math.floor(Math.min(this.limit, this.mostInFlight) * DECREASE));
    else if (this.mostInFlight >= this.limit) this.limit = Math.min(MAX_LIMIT, this.limit + Math.max(1, Math.floor(this.limit * INCREASE)));
    else this.limit = Math.min(MAX_LIMIT, this.limit * 2);
    this.loop.reset();
    this.mostInFlight = this.inFlight;
    // A window with no answer starts the count again: a queue that is gone no longer reads as one.
    if (!this.answeredSinceRead) {
      this.answers = 0;
      this.requestMs = 0;
    }
    this.answeredSinceRead = false;
    if (this.refused > 0 && performance.now() - this.reportedAt >= REPORT_EVERY_MS) {
      this.report(this.refused, this.limit);
      this.refused = 0;
      this.reportedAt = performance.now();
    }
    if (idle && this.limit === MAX_LIMIT && this.refused === 0) this.rest();
  }

  stop(): void {
    this.stopped = true;
    this.rest();
  }
}

/**
 * The path a request's target names, as the router reads it: an absolute-form target
 * (`POST http://host/api/sos`, which a client may send) is routed by its path, so it is weighed by it.
 */
export function requestPath(target: string): string {
  if (!target.startsWith('/')) return pathOfAbsolute(target);
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

function pathOfAbsolute(target: string): string {
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/** Whether a request to this path goes through the admission limit: the API's, except what NEVER_SHED names. */
export function isSheddable(path: string): boolean {
  return path.startsWith('/api/') && !NEVER_SHED.has(path);
}

/**
 * Answers at once with 503 + Retry-After what is over the admission limit, before any database
 * or Redis work, instead of letting every caller queue into a timeout: a stranded driver's page
 * retries with the same Idempotency-Key (it keeps the SOS queued), and what is admitted still
 * finishes fast. What NEVER_SHED names is always admitted. It stands in front of the framework
 * on the HTTP server itself: a refusal is answered with bytes made once, with no router, log
 * line, header policy or body parsing of its own (the limit reports refusals in bulk). Behind
 * Express's router and its first middleware a refusal cost the API 0.17 ms of CPU; here, 0.03 ms,
 * so refusing costs little when there is least to spare.
 */
export function shedBeforeTheFramework(server: Server, admission: AdmissionLimit, counted: () => void): void {
  const body = JSON.stringify(apiError(503, `We are very busy right now. Please try again in ${BUSY_RETRY_AFTER_SECONDS} seconds, or call us.`));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
    'X-Content-Type-Options': 'nosniff',
  };
  const framework = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (isSheddable(requestPath(request.url ?? '/'))) {
      const answered = admission.tryAdmit();
      if (!answered) {
        counted();
        response.writeHead(503, headers).end(body);
        return;
      }
      response.once('finish', answered);
      response.once('close', answered);
    }
    for (const listener of framework) listener.call(server, request, response);
  });
}
