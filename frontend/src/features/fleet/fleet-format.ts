import { formatPerthDateTime } from '@towing/contracts';

const number = new Intl.NumberFormat('en-AU');
const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const dayFormat = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

export const formatKm = (km: number) => `${number.format(Math.round(km))} km`;
export const formatCents = (cents: number) => money.format(cents / 100);
export const formatLitres = (thousandths: number) => `${(thousandths / 1000).toLocaleString('en-AU', { maximumFractionDigits: 1 })} L`;

/** A day (YYYY-MM-DD) as en-AU, or an instant as Perth date and time. */
export function formatWhen(value: string): string {
  return value.length === 10 ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : formatPerthDateTime(value);
}

/** What the form's dollars and litres boxes hold, as the API stores them. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toThousandths = (litres: number) => Math.round(litres * 1000);
