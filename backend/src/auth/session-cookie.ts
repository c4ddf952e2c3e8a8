import { parse, serialize } from 'cookie';
import { SESSION_COOKIE } from '@towing/contracts';

export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
}

export function sessionCookie(token: string, expires: Date, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(0) });
}
