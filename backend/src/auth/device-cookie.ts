import { createHmac, randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { sameSecret } from '../common/same-secret.js';

/** The browser an account has signed in from before (OWASP's device cookie). */
export const DEVICE_COOKIE = 'towing_device';
/** How long a device stays known after its last successful sign-in. */
const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;

/**
 * A device cookie names no account: it is a random nonce and an HMAC of the account and that
 * nonce, so it proves only "this browser signed in to this account before" and only for that
 * account. Returns a fresh value for the account.
 */
export function newDeviceToken(secret: string, account: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, account, nonce)}`;
}

/** The nonce of the request's device cookie when it was issued for this account; null otherwise. */
export function knownDevice(cookieHeader: string | undefined, secret: string, account: string): string | null {
  const value = cookieHeader ? parse(cookieHeader)[DEVICE_COOKIE] : undefined;
  const [nonce, given] = value?.split('.') ?? [];
  return nonce && sameSecret(given, signature(secret, account, nonce)) ? nonce : null;
}

export function deviceCookie(token: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: DEVICE_COOKIE_SECONDS });
}

function signature(secret: string, account: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device:${account}:${nonce}`).digest('base64url');
}
