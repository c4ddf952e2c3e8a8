import { BUSINESS } from './business.js';

/** Perth keeps UTC+8 all year (no daylight saving), so a fixed offset is exact. */
const PERTH_OFFSET = '+08:00';

const perthDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const perthYear = new Intl.DateTimeFormat('en-AU', { timeZone: BUSINESS.timeZone, year: 'numeric' });
const perthDateTime = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, dateStyle: 'medium', timeStyle: 'short' });
const perthDate = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, day: 'numeric', month: 'long', year: 'numeric' });
const perthShortDate = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, dateStyle: 'medium' });
const perthMonth = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, month: 'long', year: 'numeric' });

/** Today's date in Perth as YYYY-MM-DD, whatever the time zone of the server or the phone. */
export function todayInPerth(now: Date = new Date()): string {
  return perthDay.format(now);
}

/** The year in Perth, as job ids and invoice numbers carry it. */
export function yearInPerth(now: Date = new Date()): string {
  return perthYear.format(now);
}

/** A moment as people in the Pilbara read it: en-AU, Australia/Perth. */
export function formatPerthDateTime(value: string | Date): string {
  return perthDateTime.format(typeof value === 'string' ? new Date(value) : value);
}

/** The day of a moment as people in the Pilbara read it: 14 March 2026. */
export function formatPerthLongDate(value: string | Date): string {
  return perthDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** The day of a moment as formatPerthDateTime writes it, without the time: 25 Nov 2026. */
export function formatPerthDate(value: string | Date): string {
  return perthShortDate.format(typeof value === 'string' ? new Date(value) : value);
}

/** The month of a moment in Perth: November 2026. */
export function formatPerthMonthYear(value: string | Date): string {
  return perthMonth.format(typeof value === 'string' ? new Date(value) : value);
}

/** A real calendar day written YYYY-MM-DD (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant of a day (YYYY-MM-DD) and a booking slot ('08:30 AM') in Perth. */
export function perthInstant(date: string, slot: string): Date {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot);
  if (!match) throw new Error(`Not a booking time slot: ${slot}`);
  const hours12 = Number(match[1]) % 12;
  const hours = match[3] === 'PM' ? hours12 + 12 : hours12;
  return new Date(`${date}T${String(hours).padStart(2, '0')}:${match[2]}:00${PERTH_OFFSET}`);
}

/** The instant a Perth day (YYYY-MM-DD) begins: its midnight, whatever the time zone of the server or the phone. */
export function perthDayStart(date: string): Date {
  return new Date(`${date}T00:00:00${PERTH_OFFSET}`);
}

/** A wall-clock time in Perth as a datetime-local box gives it ('2025-03-01T14:30'), as an ISO instant. */
export function perthLocalToIso(value: string): string {
  return new Date(`${value}:00${PERTH_OFFSET}`).toISOString();
}

const perthLocalParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a datetime-local box shows it in Perth ('2025-03-01T14:30'): the inverse of perthLocalToIso. */
export function isoToPerthLocal(value: string | Date): string {
  const parts = Object.fromEntries(perthLocalParts.formatToParts(typeof value === 'string' ? new Date(value) : value).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const perthClock = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time of day of a moment in Perth, as the board's SOS card writes it: 02:14. */
export function formatPerthClock(value: string | Date): string {
  return perthClock.format(typeof value === 'string' ? new Date(value) : value);
}
