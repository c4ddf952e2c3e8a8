import { BUSINESS } from './business.js';

const dateTime = new Intl.DateTimeFormat(BUSINESS.locale, {
  timeZone: BUSINESS.timeZone,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment as people in the Pilbara read it: en-AU, Australia/Perth. */
export function formatPerthDateTime(value: string | Date): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

const GPS_PATTERN = /(-?\d{1,2}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})/;

/** A map link for the first 'lat, lng' pair found in the texts, if any. */
export function mapUrlFrom(...texts: Array<string | null | undefined>): string | null {
  for (const text of texts) {
    const match = text?.match(GPS_PATTERN);
    if (match) return `https://maps.google.com/?q=${match[1]},${match[2]}`;
  }
  return null;
}
