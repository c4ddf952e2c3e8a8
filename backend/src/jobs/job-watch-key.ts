import { createHmac } from 'node:crypto';
import { sameSecret } from '../common/same-secret.js';

/**
 * The key `job:watch` takes for a job: an HMAC of its id under the session secret, handed out
 * only by a lookup that proved the job. Checking it needs no database read, so the socket is
 * no way to find out which job ids exist.
 */
export function jobWatchKey(secret: string, jobId: string): string {
  return createHmac('sha256', secret).update(`job-watch:${jobId.toUpperCase()}`).digest('base64url').slice(0, 32);
}

export function isJobWatchKey(secret: string, jobId: string, key: unknown): boolean {
  return typeof key === 'string' && sameSecret(key, jobWatchKey(secret, jobId));
}
