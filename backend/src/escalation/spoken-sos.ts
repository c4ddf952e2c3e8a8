import { BUSINESS } from '@towing/contracts';
import type { WaitingSos } from '@towing/db';

/** A number read out digit by digit after the point, with pauses: "minus 20 point 7, 3, 6, 1". */
function slowNumber(text: string): string {
  const [whole = '', fraction] = text.replace(/^-/, '').split('.');
  const sign = text.startsWith('-') ? 'minus ' : '';
  return fraction ? `${sign}${whole} point ${fraction.split('').join(', ')}` : `${sign}${whole}`;
}

/** Where the SOS is, for a voice: a town or a place name as written, coordinates slowly; the GPS fix when nothing was written. */
export function spokenPlace(sos: Pick<WaitingSos, 'location' | 'gpsLat' | 'gpsLng'>): string {
  const written = sos.location.trim();
  if (!written && sos.gpsLat !== null && sos.gpsLng !== null) return `latitude ${slowNumber(String(sos.gpsLat))}, longitude ${slowNumber(String(sos.gpsLng))}`;
  return written.replace(/-?\d+\.\d+/g, (number) => `. ${slowNumber(number)} .`);
}

/** What a ladder call says before "press 1": who needs help, where, how long they have waited, and how many more wait. */
export function spokenSos(waiting: WaitingSos[], now = Date.now()): string {
  const oldest = waiting[0]!;
  const minutes = Math.max(1, Math.round((now - oldest.createdAt.getTime()) / 60_000));
  const others = waiting.length - 1;
  return [
    `${BUSINESS.name} emergency. Nobody has acknowledged an SOS.`,
    `${oldest.customerName} needs help at ${spokenPlace(oldest)}.`,
    `They have waited ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    others > 0 ? `${others} more SOS ${others === 1 ? 'is' : 'are'} waiting too.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
