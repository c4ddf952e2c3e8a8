/** xero: Xero's sales invoice import layout, one row per invoice line; plain: one row per invoice with totals and payment. */
export const ACCOUNTING_EXPORT_FORMATS = ['xero', 'plain'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

/** The tax invoices issued from one Perth day to another, both included (YYYY-MM-DD). */
export interface AccountingExportQuery {
  from: string;
  to: string;
  format: AccountingExportFormat;
}

/** Cents as an accounting file writes money: "1234.50", "-0.05"; integer arithmetic, never a float. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
