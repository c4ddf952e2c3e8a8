import { BUSINESS } from '@towing/contracts';

/** Half a month either side, so one month's bar stands whole in the middle of the chart, not across a span of years. */
export const MONTH_MARGIN_S = 15 * 86_400;
/** At most this many month names fit under a phone-wide chart without running into each other. */
export const MONTH_LABELS_MAX = 6;

const monthName = new Intl.DateTimeFormat(BUSINESS.locale, { timeZone: BUSINESS.timeZone, month: 'short', year: 'numeric' });

/** 'Nov 2026' (en-AU: 'June', 'Sept'): the month beginning at this instant (unix seconds) in Perth. */
export function monthLabel(seconds: number): string {
  return monthName.format(new Date(seconds * 1000));
}

/**
 * The time axis of a chart of months (each x the instant its month begins): a range with half a
 * month either side of the first and last, and a label under every month, or under every second
 * or third one when there are too many to read.
 */
export function monthAxis(months: number[]): { range: [number, number]; ticks: number[]; labels: string[] } {
  if (months.length === 0) return { range: [0, 1], ticks: [], labels: [] };
  const step = Math.ceil(months.length / MONTH_LABELS_MAX);
  const ticks = months.filter((_month, index) => index % step === 0);
  return { range: [months[0]! - MONTH_MARGIN_S, months.at(-1)! + MONTH_MARGIN_S], ticks, labels: ticks.map(monthLabel) };
}
