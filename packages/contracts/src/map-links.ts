/** A position on the ground, in decimal degrees (WGS 84). */
export interface Coordinates {
  lat: number;
  lng: number;
}

/** Six decimals is about 10 cm: more than any phone's GPS gives. */
function pair({ lat, lng }: Coordinates): string {
  return `${lat.toFixed(6)},${lng.toFixed(6)}`;
}

/** 'lat, lng' as people read and type coordinates. */
export function formatCoordinates(position: Coordinates): string {
  return `${position.lat.toFixed(6)}, ${position.lng.toFixed(6)}`;
}

/** A job's location text when all we have is its GPS fix, as the SOS form and the server both write it. */
export function gpsLocationText(position: Coordinates): string {
  return `GPS: ${formatCoordinates(position)}`;
}

/** Google Maps, which every phone and the office PC can open. */
export function googleMapsUrl(position: Coordinates): string {
  return `https://www.google.com/maps/search/?api=1&query=${pair(position)}`;
}

/** Apple Maps, for iPhones. */
export function appleMapsUrl(position: Coordinates): string {
  return `https://maps.apple.com/?q=${pair(position)}`;
}

/** A geo: URI (RFC 5870): Android offers the installed navigation apps. */
export function geoUri(position: Coordinates): string {
  return `geo:${pair(position)}?q=${pair(position)}`;
}

/** Every way we link to a position. */
export function mapLinks(position: Coordinates): { google: string; apple: string; geo: string } {
  return { google: googleMapsUrl(position), apple: appleMapsUrl(position), geo: geoUri(position) };
}
