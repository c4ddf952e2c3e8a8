import { BUSINESS } from '@towing/contracts';

/** Perth keeps UTC+8 all year (no daylight saving), so a fixed offset is exact. */
const PERTH_OFFSET = '+08:00';

const perthDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Perth as YYYY-MM-DD: the earliest day a customer may pick. */
export function todayInPerth(now = new Date()): string {
  return perthDay.format(now);
}

/** A real calendar day written YYYY-MM-DD (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant of a booking's preferred day and slot ('08:30 AM') in Perth. */
export function perthInstant(date: string, slot: string): Date {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) throw new Error(`Not a booking time slot: ${slot}`);
  const hours12 = Number(match[1]) % 12;
  const hours = match[3] === 'PM' ? hours12 + 12 : hours12;
  return new Date(`${date}T${String(hours).padStart(2, '0')}:${match[2]}:00${PERTH_OFFSET}`);
}
