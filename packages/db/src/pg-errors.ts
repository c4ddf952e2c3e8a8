import { QueryFailedError } from 'typeorm';

/** PostgreSQL's unique_violation, optionally only for the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}

/**
 * SQLSTATEs that mean the database cannot serve us right now, not that the query was wrong:
 * connection exceptions (class 08), too many connections, and a server shutting down or starting.
 */
const UNAVAILABLE_CODES = /^(08...|53300|57P01|57P02|57P03)$/;
/** What node-postgres says when the server is unreachable, went away, or the pool has no connection free in time. */
const UNAVAILABLE_MESSAGES = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Client was closed|terminating connection/i;

/** True when an error means PostgreSQL is down, restarting or saturated: worth a retry in a few seconds. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_CODES.test(candidate.code) || UNAVAILABLE_MESSAGES.test(candidate.code))) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}
