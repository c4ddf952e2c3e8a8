import { BUSINESS } from '@towing/contracts';

const perthDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Perth as YYYY-MM-DD: the date picker's minimum, whatever the phone's own time zone. */
export function todayInPerth(now: Date = new Date()): string {
  return perthDay.format(now);
}
