import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import { fieldError } from '../common/errors.js';
import { jsonObject } from '../common/validation.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key header a resend repeats; refused with a 400 when malformed. */
export function idempotencyKeyFrom(header: string | undefined): string | undefined {
  if (header === undefined || IDEMPOTENCY_KEY.test(header)) return header;
  const message = 'Idempotency-Key must be 8-100 letters, digits or _ . : -';
  throw fieldError(400, 'Idempotency-Key', message);
}

/** The key a request carried and the fingerprint of what it asked for. */
export interface Idempotency {
  key: string;
  fingerprint: string;
}

/**
 * The Idempotency-Key with the fingerprint of the route and body it came with; undefined without
 * a key. The body is JSON with its keys sorted, so the same request written in another order has
 * the same fingerprint; a body that is not a JSON object is refused as validation would.
 */
export function idempotencyOf(header: string | undefined, route: string, body: unknown): Idempotency | undefined {
  const key = idempotencyKeyFrom(header);
  if (key === undefined) return undefined;
  const fingerprint = createHash('sha256').update(route).update('\n').update(stringify(jsonObject(body))).digest('hex');
  return { key, fingerprint };
}
