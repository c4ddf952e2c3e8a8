import { formatPerthDateTime } from '@towing/contracts';

const dayFormat = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

export const formatLitres = (thousandths: number) => `${(thousandths / 1000).toLocaleString('en-AU', { maximumFractionDigits: 1 })} L`;

/** A day (YYYY-MM-DD) as en-AU, or an instant as Perth date and time. */
export function formatWhen(value: string): string {
  return value.length === 10 ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : formatPerthDateTime(value);
}

/** What the form's litres box holds, as the API stores it (dollars: contracts' dollarsToCents). */
export const toThousandths = (litres: number) => Math.round(litres * 1000);
