import { DEFAULT_MAP_TILE_URL } from '@towing/contracts';

/**
 * The raster tile source of the maps (the dispatch board's, the tracking page's truck) (a {z}/{x}/{y} template). VITE_MAP_TILE_URL points
 * it at another server (a paid provider, a tile server on the office network, or a local one in
 * tests); OpenStreetMap by default. The API reads the same variable to let the browser load
 * images from that server (backend/src/common/security-headers.ts).
 */
export const MAP_TILE_URL: string = (import.meta.env?.VITE_MAP_TILE_URL as string | undefined) || DEFAULT_MAP_TILE_URL;

/** The credit the tiles' owner asks for, shown in the map's corner (HTML); VITE_MAP_ATTRIBUTION when the tiles are not OpenStreetMap's. */
export const MAP_ATTRIBUTION: string =
  (import.meta.env?.VITE_MAP_ATTRIBUTION as string | undefined) || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
