import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { readSessionToken } from '../auth/session-cookie.js';
import { fieldError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'This request did not come from this site';

/**
 * CSRF: a state-changing call that carries a session must come from the app's own pages. A
 * browser names the page's origin in Origin (or at least says same-origin in Sec-Fetch-Site);
 * a page on another site, or another port of the same host, is refused. Calls without a
 * session have no ambient authority to abuse, and clients that are not browsers send neither
 * header.
 */
export function refuseCrossSiteWrites(publicUrl: string) {
  const appOrigin = new URL(publicUrl).origin;
  return (request: Request, _response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method) || !readSessionToken(request.headers.cookie)) return next();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const fromApp = origin !== undefined ? origin === appOrigin : site === undefined || site === 'same-origin' || site === 'none';
    if (fromApp) return next();
    next(fieldError(403, origin !== undefined ? 'Origin' : 'Sec-Fetch-Site', CROSS_SITE_MESSAGE));
  };
}

/**
 * True when a Socket.IO handshake comes from the app's own pages: its Origin is the app's, or,
 * for the first long-polling GET, which a browser sends without Origin when it is same-origin,
 * Sec-Fetch-Site says same-origin. A page elsewhere always shows its own Origin.
 */
export function isAppHandshake(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin === new URL(publicUrl).origin;
  return headers['sec-fetch-site'] === 'same-origin';
}
