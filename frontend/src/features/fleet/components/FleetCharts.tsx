import { averageFuelEfficiency, fleetCostSummary, formatMoney, perthDayStart, vehicleCosts, vehicleReadings, type Vehicle } from '@towing/contracts';
import { useMemo } from 'react';
import type { VehicleRecords } from '../hooks/useVehicleRecords';
import { type ChartSeries, SmallChart } from './SmallChart';

const seconds = (iso: string) => Date.parse(iso) / 1000;
/** A month (YYYY-MM) on the time axis: the instant it begins in Perth. */
const monthSeconds = (month: string) => perthDayStart(`${month}-01`).getTime() / 1000;

/** Fuel use per full fill, and cost per month and per km by month, with the totals they come from. */
export function FleetCharts({ vehicle, records }: { vehicle: Vehicle; records: VehicleRecords }) {
  const { efficiency, costPerMonth, costPerKm, summary, averageEfficiency } = useMemo(() => {
    const fills = [...records.fuel].filter((fill) => fill.efficiency !== null).sort((a, b) => a.dateTime.localeCompare(b.dateTime));
    const costs = fleetCostSummary(
      vehicleCosts(records.services, records.fuel, records.expenses),
      vehicleReadings(vehicle, records.services, records.fuel, records.mileage),
    );
    const fuelSeries: ChartSeries = { x: fills.map((fill) => seconds(fill.dateTime)), y: fills.map((fill) => fill.efficiency) };
    const months = costs.monthly.map((month) => monthSeconds(month.month));
    // A month without costs is a real $0 bar once there are costs at all; before any, there is nothing to chart.
    const perMonth: ChartSeries = costs.totalCents > 0 ? { x: months, y: costs.monthly.map((month) => month.totalCents / 100) } : { x: [], y: [] };
    const perKm: ChartSeries = { x: months, y: costs.monthly.map((month) => (month.centsPerKm === null ? null : month.centsPerKm / 100)) };
    return { efficiency: fuelSeries, costPerMonth: perMonth, costPerKm: perKm, summary: costs, averageEfficiency: averageFuelEfficiency(records.fuel) };
  }, [vehicle, records]);

  return (
    <div className="fleet-charts">
      <div className="fleet-cost-summary" data-testid={`fleet-costs-${vehicle.id}`}>
        <span>
          Fuel: <strong>{averageEfficiency === null ? 'n/a' : `${averageEfficiency.toFixed(1)} L/100 km`}</strong>
        </span>
        <span>
          Cost per km: <strong>{summary.centsPerKm === null ? 'n/a' : formatMoney(summary.centsPerKm)}</strong>
        </span>
        <span>
          Per month: <strong>{formatMoney(summary.centsPerMonth)}</strong>
        </span>
        <span>
          Total: <strong>{formatMoney(summary.totalCents)}</strong> over {summary.months} month{summary.months === 1 ? '' : 's'}
        </span>
      </div>
      <SmallChart title="Fuel use" unit="L/100 km" testId={`fuel-chart-${vehicle.id}`} series={efficiency} kind="line" empty="Needs two full fills" />
      <SmallChart title="Cost per month" unit="$" testId={`month-cost-chart-${vehicle.id}`} series={costPerMonth} kind="bars" empty="Needs service, fuel or expense costs" />
      <SmallChart title="Cost per km by month" unit="$/km" testId={`cost-chart-${vehicle.id}`} series={costPerKm} kind="bars" empty="Needs costs and km driven" />
    </div>
  );
}
