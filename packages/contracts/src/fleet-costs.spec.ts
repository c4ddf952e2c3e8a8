import { averageFuelEfficiency, fleetCostSummary, type FuelFill, fuelEfficiency } from './fleet-costs.js';
import type { OdometerReading } from './fleet-service.js';

const fill = (id: number, odometerReading: number, litres: number, fillType: 'Full' | 'Partial' = 'Full'): FuelFill => ({
  id,
  odometerReading,
  liters: litres * 1000,
  fillType,
  dateTime: `2026-01-${String(id).padStart(2, '0')}T02:00:00.000Z`,
});

describe('fuel efficiency from fill sequences', () => {
  it('is the litres of a full fill over the km since the previous full fill', () => {
    const result = fuelEfficiency([fill(1, 10_000, 80), fill(2, 10_500, 75)]);
    expect(result.get(1)).toBeNull();
    expect(result.get(2)).toBe(15);
  });

  it('carries a partial fill into the next full one', () => {
    const result = fuelEfficiency([fill(1, 10_000, 80), fill(2, 10_300, 40, 'Partial'), fill(3, 10_800, 56)]);
    expect(result.get(2)).toBeNull();
    // (40 + 56) L over 800 km.
    expect(result.get(3)).toBe(12);
  });

  it('leaves out partial fills before the first full one', () => {
    const result = fuelEfficiency([fill(1, 9_800, 30, 'Partial'), fill(2, 10_000, 90), fill(3, 10_400, 60)]);
    expect([...result.values()]).toEqual([null, null, 15]);
  });

  it('orders fills by odometer, not by the order they were entered', () => {
    const result = fuelEfficiency([fill(3, 10_800, 56), fill(1, 10_000, 80), fill(2, 10_300, 40, 'Partial')]);
    expect(result.get(3)).toBe(12);
  });

  it('gives no figure for a full fill at the same odometer as the last', () => {
    expect(fuelEfficiency([fill(1, 10_000, 80), fill(2, 10_000, 5)]).get(2)).toBeNull();
  });

  it('averages over all the km between the first and last full fill, not over the fills', () => {
    // 15 L/100 km over 100 km, then 10 L/100 km over 900 km: 105 L over 1,000 km.
    expect(averageFuelEfficiency([fill(1, 10_000, 80), fill(2, 10_100, 15), fill(3, 11_000, 90), fill(4, 11_050, 20, 'Partial')])).toBe(10.5);
    expect(averageFuelEfficiency([fill(1, 10_000, 80), fill(2, 10_300, 40, 'Partial')])).toBeNull();
  });

  it('rounds to hundredths of a litre', () => {
    expect(fuelEfficiency([fill(1, 0, 50), fill(2, 333, 41.234)]).get(2)).toBe(12.38);
  });
});

describe('cost per km and per month', () => {
  const readings: OdometerReading[] = [
    { km: 100_000, at: '2026-01-02T02:00:00.000Z', source: 'added' },
    { km: 103_000, at: '2026-01-30T02:00:00.000Z', source: 'fuel' },
    { km: 105_000, at: '2026-02-20', source: 'service' },
  ];
  const costs = [
    { kind: 'fuel' as const, cents: 60_000, at: '2026-01-30T02:00:00.000Z' },
    { kind: 'service' as const, cents: 90_000, at: '2026-02-20' },
    { kind: 'expense' as const, cents: 30_000, at: '2026-02-01' },
  ];

  it('adds service, fuel and expenses per Perth month, with the km driven in each', () => {
    const summary = fleetCostSummary(costs, readings, new Date('2026-03-05T00:00:00Z'));
    expect(summary.monthly).toEqual([
      { month: '2026-01', serviceCents: 0, fuelCents: 60_000, expenseCents: 0, totalCents: 60_000, km: 3000, centsPerKm: 20 },
      { month: '2026-02', serviceCents: 90_000, fuelCents: 0, expenseCents: 30_000, totalCents: 120_000, km: 2000, centsPerKm: 60 },
      { month: '2026-03', serviceCents: 0, fuelCents: 0, expenseCents: 0, totalCents: 0, km: 0, centsPerKm: null },
    ]);
    expect(summary).toMatchObject({ totalCents: 180_000, km: 5000, centsPerKm: 36, months: 3, centsPerMonth: 60_000 });
  });

  it('puts a fill late on the last evening of a month in that month, Perth time', () => {
    const lateFill = [{ kind: 'fuel' as const, cents: 10_000, at: '2026-01-31T15:00:00.000Z' }];
    expect(fleetCostSummary(lateFill, [], new Date('2026-01-31T15:30:00.000Z')).monthly.map((month) => month.month)).toEqual(['2026-01']);
  });

  it('is empty for a truck with nothing recorded', () => {
    expect(fleetCostSummary([], [])).toMatchObject({ totalCents: 0, km: 0, centsPerKm: null, months: 0, monthly: [] });
  });
});
