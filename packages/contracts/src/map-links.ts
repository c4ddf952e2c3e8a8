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

/** True when both numbers are a position on Earth. */
export function isCoordinates(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** How pages before the SOS command wrote a fix into text: 'GPS: -20.736812, 116.846254'. */
const GPS_IN_TEXT = /GPS: (-?\d{1,2}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})/;

/** The coordinates an older SOS page wrote into the location or notes text, if any. */
export function coordinatesInText(...texts: Array<string | null | undefined>): Coordinates | null {
  for (const text of texts) {
    const match = text ? GPS_IN_TEXT.exec(text) : null;
    if (match && isCoordinates(Number(match[1]), Number(match[2]))) return { lat: Number(match[1]), lng: Number(match[2]) };
  }
  return null;
}
