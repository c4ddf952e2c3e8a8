/**
 * The outside servers the browser talks to for maps and addresses, as the frontend build
 * (VITE_*) and the API's page policy (CSP) both read them: one default and one pattern each.
 */

/** OpenStreetMap's raster tiles (VITE_MAP_TILE_URL unset). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Nominatim's reverse API, which answers `display_name` (VITE_REVERSE_GEOCODE_URL unset; empty turns it off). */
export const DEFAULT_REVERSE_GEOCODE_URL = 'https://nominatim.openstreetmap.org/reverse';

/** Leaflet's `{s}` subdomain letter as a tile URL's first host label. */
const TILE_SUBDOMAIN = /^(https?:\/\/)\{s\}\./;

/** A tile template as a plain URL (`{s}` as the letter a), to check and read its origin with. */
export function tileProbeUrl(template: string): string {
  return template.replace(TILE_SUBDOMAIN, '$1a.');
}

/** True when the template names its subdomain with `{s}`: every subdomain of the host serves tiles. */
export function tileUsesSubdomains(template: string): boolean {
  return TILE_SUBDOMAIN.test(template);
}
