/**
 * A number as the site writes it: rounded to whole, grouped in thousands (12,345), which is what
 * toLocaleString('en-AU') writes. Grouped here rather than by Intl: the first Intl.NumberFormat a
 * page makes loads the locale's ICU data, which took the home page 127 ms of a phone's main thread
 * (Lighthouse's 4x slowdown) to show its prices; and toLocaleString makes a formatter on every
 * call, 20 times the cost of the format itself.
 */
export function formatWholeNumber(value: number): string {
  const whole = Math.round(value);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}
