import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService, LogLevel } from '@nestjs/common';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import type { LoggingSettings } from './environment.js';

/**
 * What every log line written while working for one request or one domain event carries: the
 * request id (X-Request-Id, or made by the API) and, in the worker, the event being handled.
 */
export interface TraceContext {
  requestId?: string;
  eventId?: string;
}

const traces = new AsyncLocalStorage<TraceContext>();

/** Runs `work` with this trace: log lines, outbox rows and notification rows made inside carry it. */
export function withTrace<T>(trace: TraceContext, work: () => T): T {
  return traces.run(trace, work);
}

/** The request id of the request or event being worked on, if any. */
export function currentRequestId(): string | undefined {
  return traces.getStore()?.requestId;
}

/** At most this long, letters, digits and . _ : - only: anything else in X-Request-Id is replaced. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * JSON lines leave in batches: a write to stdout (a pipe to the container's log driver) wakes its
 * reader, and one such write per line took about 0.2 ms of the API's main thread per SOS. Lines
 * are kept until this many bytes wait...
 */
const LOG_BATCH_BYTES = 4096;
/**
 * ...or a line has waited this long; pino writes what is left when the process exits. The wait
 * starts at a line, not on a clock: a quiet process is never woken to write nothing.
 */
const LOG_FLUSH_MS = 100;

/**
 * The process's one logger: JSON lines on stdout (LOG_FORMAT=json, the default), written in
 * batches, or coloured lines through pino-pretty (LOG_FORMAT=pretty). Every line names the
 * process and, inside a trace, its request id and event id.
 */
export function createLogger(processName: string, settings: LoggingSettings): Logger {
  const options = { level: settings.level, base: { process: processName }, mixin: () => ({ ...traces.getStore() }) };
  if (settings.format === 'pretty') return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  let flushing: NodeJS.Timeout | undefined;
  const flushSoon = () => {
    flushing ??= setTimeout(() => {
      flushing = undefined;
      destination.flush();
    }, LOG_FLUSH_MS).unref();
  };
  return pino({ ...options, hooks: { streamWrite: (line) => (flushSoon(), line) } }, destination);
}

/**
 * How a process's Nest shutdown hooks end it: with process.exit once the hooks have run, so
 * pino writes the lines still waiting in its batch; Nest would otherwise end the process by
 * raising the signal again, which leaves no moment to write them.
 */
export const SHUTDOWN_WRITES_LOGS = { useProcessExit: true } as const;

/** The quietest of Nest's levels a caller asked for, as pino's level (false: silent). */
export function pinoLevel(levels: LogLevel[] | false): LevelWithSilent {
  if (levels === false || levels.length === 0) return 'silent';
  const order: Array<[LogLevel, LevelWithSilent]> = [['verbose', 'trace'], ['debug', 'debug'], ['log', 'info'], ['warn', 'warn'], ['error', 'error'], ['fatal', 'fatal']];
  return order.find(([level]) => levels.includes(level))?.[1] ?? 'silent';
}

/** Nest's start-up contexts that list every module and route. */
const WIRING_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's Logger (new Logger(Context).log(...), used throughout) written through pino: one way to
 * log, whoever logs. The context becomes the `context` field.
 */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    // Nest's module and route listing at start-up is over a hundred lines nobody starting the app reads.
    const context = rest.at(-1);
    this.write(typeof context === 'string' && WIRING_CONTEXTS.has(context) ? 'debug' : 'info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes (message, stack, context) for errors.
    const [stack, context] = rest.length >= 2 ? rest : [undefined, rest[0]];
    this.pino.error({ context, ...(typeof stack === 'string' ? { stack } : {}) }, String(message));
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context }, String(message));
  }
}
