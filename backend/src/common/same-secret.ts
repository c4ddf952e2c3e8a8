import { timingSafeEqual } from 'node:crypto';

/** Compares a secret a caller gave with the stored one in constant time; absent on either side never matches. */
export function sameSecret(given: string | null | undefined, actual: string | null | undefined): boolean {
  if (!given || !actual) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}
