import { perthDayStart } from '@towing/contracts';
import { MONTH_MARGIN_S, monthAxis } from './chart-axes';

const month = (yyyyMm: string) => perthDayStart(`${yyyyMm}-01`).getTime() / 1000;

describe('the month axis of the fleet cost charts', () => {
  it('shows one month as itself, its bar in the middle of half a month either side, not as years', () => {
    const axis = monthAxis([month('2026-11')]);
    expect(axis.labels).toEqual(['Nov 2026']);
    expect(axis.ticks).toEqual([month('2026-11')]);
    expect(axis.range).toEqual([month('2026-11') - MONTH_MARGIN_S, month('2026-11') + MONTH_MARGIN_S]);
  });

  it('names every third of fourteen months, from the first, within a range holding all fourteen bars', () => {
    const months = Array.from({ length: 14 }, (_, index) => {
      const [year, monthIndex] = [2025 + Math.floor((9 + index) / 12), ((9 + index) % 12) + 1];
      return month(`${year}-${String(monthIndex).padStart(2, '0')}`);
    });
    const axis = monthAxis(months);
    expect(axis.labels).toEqual(['Oct 2025', 'Jan 2026', 'Apr 2026', 'July 2026', 'Oct 2026']);
    expect(axis.range[0]).toBeLessThan(months[0]!);
    expect(axis.range[1]).toBeGreaterThan(months[13]!);
    expect(axis.range[1] - months[13]!).toBe(months[0]! - axis.range[0]);
  });

  it('names each month while six or fewer fit', () => {
    expect(monthAxis(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map(month)).labels).toEqual([
      'June 2026',
      'July 2026',
      'Aug 2026',
      'Sept 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
  });
});
