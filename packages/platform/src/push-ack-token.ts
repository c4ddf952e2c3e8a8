import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { VapidSettings } from './environment.js';

/**
 * What a push's Acknowledge action proves, with no sign-in: that our worker sent this job's
 * alert to this staff member's device, and when the proof runs out.
 */
export interface PushAckClaim {
  jobId: string;
  /** The staff member's username: the acknowledgement is recorded as theirs. */
  owner: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * The HMAC key of the tokens, derived from the VAPID private key: the one secret the worker
 * (which signs) and every API instance (which checks) always share, in development too, where
 * SESSION_SECRET is random per process. New VAPID keys void every token, as they void every
 * subscription.
 */
function tokenKey(vapid: VapidSettings): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(vapid.privateKey, 'base64url'), Buffer.alloc(0), 'towing push acknowledgement token', 32));
}

function mac(vapid: VapidSettings, body: string): Buffer {
  return createHmac('sha256', tokenKey(vapid)).update(body).digest();
}

/** `body.mac`, both URL-safe base64; the body is the claim as JSON. */
export function signPushAckToken(vapid: VapidSettings, claim: PushAckClaim): string {
  const body = Buffer.from(JSON.stringify([claim.jobId, claim.owner, claim.expiresAt])).toString('base64url');
  return `${body}.${mac(vapid, body).toString('base64url')}`;
}

/** The claim of a token we signed that has not run out; null for anything else. */
export function verifyPushAckToken(vapid: VapidSettings, token: string, now = Date.now()): PushAckClaim | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = mac(vapid, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [jobId, owner, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, number];
  return expiresAt > now ? { jobId, owner, expiresAt } : null;
}
