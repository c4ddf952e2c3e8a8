import type { FillType } from './fleet.js';
import { odometerAtOrBefore, type OdometerReading } from './fleet-service.js';
import { perthDayStart, todayInPerth } from './time.js';

export interface FuelFill {
  id: number;
  odometerReading: number;
  /** Thousandths of a litre. */
  liters: number;
  fillType: FillType | string;
  dateTime: string;
}

/**
 * L/100 km of each full fill: the litres put in since the previous full fill (partial fills in
 * between included, since their fuel was burnt over the same stretch) over the km driven since.
 * Null for partial fills, the first full fill, and a full fill at the same odometer as the last.
 * Partial fills before the first full fill cannot be attributed and are left out.
 */
export function fuelEfficiency(fills: readonly FuelFill[]): Map<number, number | null> {
  const sorted = [...fills].sort((a, b) => a.odometerReading - b.odometerReading || a.dateTime.localeCompare(b.dateTime) || a.id - b.id);
  const result = new Map<number, number | null>();
  let previousFull: FuelFill | null = null;
  let carried = 0;
  for (const fill of sorted) {
    result.set(fill.id, null);
    if (!previousFull) {
      if (fill.fillType === 'Full') previousFull = fill;
      continue;
    }
    carried += fill.liters;
    if (fill.fillType !== 'Full') continue;
    const distance = fill.odometerReading - previousFull.odometerReading;
    if (distance > 0) result.set(fill.id, Math.round((carried / 1000 / distance) * 100 * 100) / 100);
    previousFull = fill;
    carried = 0;
  }
  return result;
}

/**
 * L/100 km over every full-to-full stretch together: the litres put in after the first full fill
 * up to the last one, over the km between them (not a mean of the per-fill figures, which would
 * weigh a short hop like a 600 km run).
 */
export function averageFuelEfficiency(fills: readonly FuelFill[]): number | null {
  const sorted = [...fills].sort((a, b) => a.odometerReading - b.odometerReading || a.dateTime.localeCompare(b.dateTime) || a.id - b.id);
  const first = sorted.findIndex((fill) => fill.fillType === 'Full');
  const last = sorted.findLastIndex((fill) => fill.fillType === 'Full');
  if (first === -1 || last <= first) return null;
  const distance = sorted[last]!.odometerReading - sorted[first]!.odometerReading;
  if (distance <= 0) return null;
  const litres = sorted.slice(first + 1, last + 1).reduce((total, fill) => total + fill.liters, 0);
  return Math.round((litres / 1000 / distance) * 100 * 100) / 100;
}

/** A cost of running a truck, in cents, dated by an instant or a day (YYYY-MM-DD). */
export interface FleetCost {
  kind: 'service' | 'fuel' | 'expense';
  cents: number;
  at: string;
}

/** The costs of a truck: its services, its fills and its other expenses. */
export function vehicleCosts(
  services: ReadonlyArray<{ totalCost: number; invoiceDate: string }>,
  fills: ReadonlyArray<{ totalCost: number; dateTime: string }>,
  expenses: ReadonlyArray<{ amount: number; expenseDate: string }>,
): FleetCost[] {
  return [
    ...services.map((service) => ({ kind: 'service' as const, cents: service.totalCost, at: service.invoiceDate })),
    ...fills.map((fill) => ({ kind: 'fuel' as const, cents: fill.totalCost, at: fill.dateTime })),
    ...expenses.map((expense) => ({ kind: 'expense' as const, cents: expense.amount, at: expense.expenseDate })),
  ];
}

export interface MonthlyFleetCost {
  /** YYYY-MM, Perth. */
  month: string;
  serviceCents: number;
  fuelCents: number;
  expenseCents: number;
  totalCents: number;
  /** Km the odometer advanced in the month. */
  km: number;
  /** Null in a month the truck did not move. */
  centsPerKm: number | null;
}

export interface FleetCostSummary {
  totalCents: number;
  km: number;
  centsPerKm: number | null;
  months: number;
  centsPerMonth: number;
  monthly: MonthlyFleetCost[];
}

const monthOf = (at: string) => (at.length === 10 ? at : todayInPerth(new Date(at))).slice(0, 7);

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The last instant of a Perth month. */
const endOfMonth = (month: string) => new Date(perthDayStart(`${nextMonth(month)}-01`).getTime() - 1).toISOString();

/**
 * Service + fuel + expenses per calendar month (Perth) from the first reading or cost to this
 * month, with the km driven in each: the odometer at the month's end less the one at the
 * previous month's end.
 */
export function fleetCostSummary(costs: readonly FleetCost[], readings: readonly OdometerReading[], now = new Date()): FleetCostSummary {
  const months = [...costs.map((cost) => monthOf(cost.at)), ...readings.map((reading) => monthOf(reading.at))].sort();
  const monthly: MonthlyFleetCost[] = [];
  const last = monthOf(now.toISOString());
  if (months.length > 0) {
    const firstOdometer = readings.length ? Math.min(...readings.map((reading) => reading.km)) : 0;
    let previousOdometer = firstOdometer;
    for (let month = months[0]!; month <= last; month = nextMonth(month)) {
      const inMonth = costs.filter((cost) => monthOf(cost.at) === month);
      const sum = (kind: FleetCost['kind']) => inMonth.filter((cost) => cost.kind === kind).reduce((total, cost) => total + cost.cents, 0);
      const odometer = Math.max(previousOdometer, odometerAtOrBefore(readings, endOfMonth(month)) ?? firstOdometer);
      const km = odometer - previousOdometer;
      previousOdometer = odometer;
      const [serviceCents, fuelCents, expenseCents] = [sum('service'), sum('fuel'), sum('expense')];
      const totalCents = serviceCents + fuelCents + expenseCents;
      monthly.push({ month, serviceCents, fuelCents, expenseCents, totalCents, km, centsPerKm: km > 0 ? Math.round(totalCents / km) : null });
    }
  }
  const totalCents = monthly.reduce((total, month) => total + month.totalCents, 0);
  const km = monthly.reduce((total, month) => total + month.km, 0);
  return {
    totalCents,
    km,
    centsPerKm: km > 0 ? Math.round(totalCents / km) : null,
    months: monthly.length,
    centsPerMonth: monthly.length ? Math.round(totalCents / monthly.length) : 0,
    monthly,
  };
}
