import { type Coordinates, DEFAULT_REVERSE_GEOCODE_URL, textOrNull } from '@towing/contracts';

/**
 * The reverse-geocoding service (Nominatim's reverse API or one that answers like it, with
 * display_name). VITE_REVERSE_GEOCODE_URL points it elsewhere; set it empty to turn it off.
 * The API reads the same variable to let pages call it (backend/src/common/security-headers.ts).
 */
export const REVERSE_GEOCODE_URL: string = (import.meta.env?.VITE_REVERSE_GEOCODE_URL as string | undefined) ?? DEFAULT_REVERSE_GEOCODE_URL;

/** A driver with one bar of signal should not wait on an address; the GPS text is enough for dispatch. */
export const GEOCODE_TIMEOUT_MS = 5_000;

/** The address for a fix, or null when the service is off, slow, unreachable or has no answer. */
export async function reverseGeocode(fix: Coordinates, serviceUrl: string = REVERSE_GEOCODE_URL): Promise<string | null> {
  if (!serviceUrl) return null;
  const url = new URL(serviceUrl, window.location.href);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(fix.lat));
  url.searchParams.set('lon', String(fix.lng));
  // AbortSignal.timeout is missing from the iOS 15 Safari some drivers still carry.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GEOCODE_TIMEOUT_MS);
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) return null;
    const answer: unknown = await response.json();
    const name = (answer as { display_name?: unknown } | null)?.display_name;
    return typeof name === 'string' ? textOrNull(name) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
