import type { NextFunction, Request, Response } from 'express';
import { apiError } from './errors.js';

export const BUSY_RETRY_AFTER_SECONDS = 2;
const HEALTH_PATHS = new Set(['/api/health', '/api/health/live']);

/**
 * Answers at once with 503 + Retry-After when this instance already has `maxInFlight` API
 * requests under way, instead of letting every caller queue into a timeout: a stranded
 * driver's page retries (it keeps the SOS queued), and the requests in hand still finish fast.
 * The health checks are never shed, so a load balancer can tell busy from down.
 */
export function shedLoad(maxInFlight: number) {
  let inFlight = 0;
  return (request: Request, response: Response, next: NextFunction) => {
    if (!request.path.startsWith('/api/') || HEALTH_PATHS.has(request.path)) return next();
    if (inFlight >= maxInFlight) {
      response.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      response.status(503).json(apiError(503, `We are very busy right now. Please try again in ${BUSY_RETRY_AFTER_SECONDS} seconds, or call us.`));
      return;
    }
    inFlight += 1;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      inFlight -= 1;
    };
    response.once('finish', finished);
    response.once('close', finished);
    next();
  };
}
