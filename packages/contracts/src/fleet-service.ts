import { FLEET, INTERVAL_SERVICE_TYPES, OFF_ROAD_STATUSES, type ServiceHealth, type ServiceState, type VehicleDisplayState, type VehicleStatus } from './fleet.js';
// One module per function: the package's index loads all ~300 of them, which cost each API and worker
// start (and each test file that imports contracts) about 190 ms of CPU for these six.
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { addMonths as addCalendarMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { millisecondsInDay } from 'date-fns/constants';
import { formatWholeNumber } from './numbers.js';
import { perthDayStart, todayInPerth } from './time.js';

/** A calendar day as the API writes it. */
const DAY_FORMAT = 'yyyy-MM-dd';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One odometer reading. `at` is an instant (ISO 8601), or a day (YYYY-MM-DD) for a service,
 * whose invoice carries no time: such a reading was taken somewhere in that Perth day.
 */
export interface OdometerReading {
  km: number;
  at: string;
  source: 'added' | 'fuel' | 'service' | 'mileage';
}

/** When a reading was taken, as the earliest and latest instant it may have been. */
function window(reading: Pick<OdometerReading, 'at'>): { from: number; to: number } {
  if (DATE_ONLY.test(reading.at)) {
    const start = perthDayStart(reading.at);
    // Perth keeps no daylight saving: every day is 24 hours.
    return { from: start.getTime(), to: addHours(start, 24).getTime() - 1 };
  }
  const at = Date.parse(reading.at);
  return { from: at, to: at };
}

const midpoint = (reading: OdometerReading) => {
  const { from, to } = window(reading);
  return (from + to) / 2;
};

/**
 * Every odometer reading of a truck: the one typed in when it was added, each service, each
 * fill and the end of each trip.
 */
export function vehicleReadings(
  vehicle: { mileage: number; createdAt: string },
  services: ReadonlyArray<{ mileageAtService: number; invoiceDate: string }>,
  fills: ReadonlyArray<{ odometerReading: number; dateTime: string }>,
  trips: ReadonlyArray<{ endOdometer: number; dateTime: string }>,
): OdometerReading[] {
  return [
    { km: vehicle.mileage, at: vehicle.createdAt, source: 'added' },
    ...services.map((service) => ({ km: service.mileageAtService, at: service.invoiceDate, source: 'service' as const })),
    ...fills.map((fill) => ({ km: fill.odometerReading, at: fill.dateTime, source: 'fuel' as const })),
    ...trips.map((trip) => ({ km: trip.endOdometer, at: trip.dateTime, source: 'mileage' as const })),
  ];
}

/** Oldest first; equal times by km, so the order is the order the truck drove them. */
export function sortReadings(readings: readonly OdometerReading[]): OdometerReading[] {
  return [...readings].sort((a, b) => midpoint(a) - midpoint(b) || a.km - b.km);
}

/** The odometer now: the highest reading (they only go up). */
export function currentOdometer(readings: readonly OdometerReading[]): number {
  return readings.reduce((highest, reading) => Math.max(highest, reading.km), 0);
}

/** The truck's odometer at `at`: its highest reading taken by then, or null with none. */
export function odometerAtOrBefore(readings: readonly OdometerReading[], at: string): number | null {
  const { from } = window({ at });
  const taken = readings.filter((reading) => window(reading).to <= from);
  return taken.length ? Math.max(...taken.map((reading) => reading.km)) : null;
}

export type OdometerVerdict =
  | { ok: true }
  /** Refused: it contradicts a reading taken before or after it. */
  | { ok: false; kind: 'lower' | 'higher'; message: string }
  /** More km than a truck drives in the time since the previous reading: saved only when confirmed. */
  | { ok: false; kind: 'jump'; message: string };

const shortPerthDate = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', day: 'numeric', month: 'short', year: 'numeric' });

/** 12345.6 -> "12,346 km": whole km, grouped. */
export function formatKm(value: number): string {
  return `${formatWholeNumber(value)} km`;
}

/**
 * "5 Mar 2026": the Perth day of an instant (ISO 8601) or of a day (YYYY-MM-DD, as a
 * reading's `at`, a service date or a due date).
 */
export function formatFleetDay(at: string): string {
  return shortPerthDate.format(window({ at }).from);
}

const km = formatKm;
const day = (reading: OdometerReading) => formatFleetDay(reading.at);

/** The Perth day a reading was taken in, as the instant it begins. */
const dayStart = (reading: OdometerReading) => perthDayStart(DATE_ONLY.test(reading.at) ? reading.at : todayInPerth(new Date(reading.at))).getTime();

/**
 * Whether a reading sets a floor for the candidate: it was taken before it. The odometer typed
 * in when the truck was added holds for its whole Perth day, so a service dated that day (no
 * time on its invoice) or a fill earlier that day cannot come in lower.
 */
const isBefore = (reading: OdometerReading, span: { from: number; to: number }) =>
  reading.source === 'added' ? dayStart(reading) <= span.to : window(reading).to < span.from;

/**
 * Whether a new reading fits the truck's history. Odometers only go up: a reading lower than
 * one taken before it, or higher than one taken after it, is refused. Readings whose times
 * overlap (a service day and a fill that day) do not constrain each other.
 */
export function checkOdometerReading(history: readonly OdometerReading[], candidate: Pick<OdometerReading, 'km' | 'at'>): OdometerVerdict {
  const span = window(candidate);
  const before = history.filter((reading) => isBefore(reading, span));
  // The odometer typed in when the truck was added is rounded more often than not: receipts from
  // before that day are not held against it.
  const after = history.filter((reading) => reading.source !== 'added' && window(reading).from > span.to);

  const highest = (readings: OdometerReading[]) => readings.reduce<OdometerReading | null>((top, reading) => (!top || reading.km > top.km ? reading : top), null);
  const last = highest(before);
  if (last && candidate.km < last.km) {
    return { ok: false, kind: 'lower', message: `Odometer reading is lower than the last reading of ${km(last.km)} (${last.source}, ${day(last)})` };
  }
  const next = after.reduce<OdometerReading | null>((lowest, reading) => (!lowest || reading.km < lowest.km ? reading : lowest), null);
  if (next && candidate.km > next.km) {
    return { ok: false, kind: 'higher', message: `Odometer reading is higher than the later reading of ${km(next.km)} (${next.source}, ${day(next)})` };
  }
  // A jump is measured from the furthest the truck had got by then, readings of the same day
  // included: a service dated the day of a long run is as far along as the run's end.
  const reached = highest(history.filter((reading) => isBefore(reading, span) || (reading.source !== 'added' && window(reading).from <= span.to)));
  if (reached) {
    const days = Math.max(1, (span.from - window(reached).to) / millisecondsInDay);
    const jump = candidate.km - reached.km;
    if (jump > FLEET.plausibleDailyKm * days) {
      const elapsed = days <= 1 ? 'a day' : `${Math.round(days)} days`;
      return {
        ok: false,
        kind: 'jump',
        message: `Odometer jumps ${km(jump)} in ${elapsed} since the last reading of ${km(reached.km)}, more than ${km(FLEET.plausibleDailyKm)} a day: check the reading, or confirm it`,
      };
    }
  }
  return { ok: true };
}

/**
 * The truck's own average km a day over its readings, once they span FLEET.forecastMinDays
 * (the first and the last reading at least that far apart); until then the spec's 50 km a day.
 * A shorter span says nothing about a truck on 600 km runs: a truck added today and filled
 * after its first run would forecast at 0 or thousands of km a day.
 */
export function averageDailyKm(readings: readonly OdometerReading[]): { dailyKm: number; from: 'readings' | 'assumed' } {
  const sorted = sortReadings(readings);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const days = first && last ? (midpoint(last) - midpoint(first)) / millisecondsInDay : 0;
  if (!first || days < FLEET.forecastMinDays) return { dailyKm: FLEET.assumedDailyKm, from: 'assumed' };
  // The highest reading, not the last in time: a rounded odometer typed in when the truck was
  // added can sit after that day's receipts.
  return { dailyKm: Math.max(0, currentOdometer(readings) - first.km) / days, from: 'readings' };
}

/** Where the current service interval started. */
export interface ServiceBaseline {
  km: number;
  /** YYYY-MM-DD. */
  date: string;
  /** A due date the workshop (or whoever added the truck) set; the earlier date wins. */
  explicitDueDate: string | null;
  /**
   * Names this interval: the one Service Due alert per interval is keyed by it, so a new
   * interval service starts a new one.
   */
  cycle: string;
}

export interface BaselineVehicle {
  /** Odometer when added. */
  mileage: number;
  /** When it was added. */
  createdAt: string;
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
  nextService: string | null;
}

export interface BaselineService {
  id: number;
  serviceType: string;
  mileageAtService: number;
  invoiceDate: string;
  nextServiceDue: string | null;
}

/**
 * The latest interval service (Routine Service, Oil Change) starts the interval. Before any, the
 * last service entered with the truck does, or failing that the day it joined the fleet.
 */
export function serviceBaseline(vehicle: BaselineVehicle, services: readonly BaselineService[]): ServiceBaseline {
  const latest = services
    .filter((service) => INTERVAL_SERVICE_TYPES.includes(service.serviceType))
    .reduce<BaselineService | null>(
      (best, service) =>
        !best ||
        service.mileageAtService > best.mileageAtService ||
        (service.mileageAtService === best.mileageAtService && (service.invoiceDate > best.invoiceDate || (service.invoiceDate === best.invoiceDate && service.id > best.id)))
          ? service
          : best,
      null,
    );
  if (latest) {
    return { km: latest.mileageAtService, date: latest.invoiceDate, explicitDueDate: latest.nextServiceDue, cycle: `service-${latest.id}` };
  }
  return {
    km: vehicle.lastServiceMileage ?? vehicle.mileage,
    date: vehicle.lastServiceDate ?? todayInPerth(new Date(vehicle.createdAt)),
    explicitDueDate: vehicle.nextService,
    cycle: 'joined',
  };
}

/**
 * YYYY-MM-DD arithmetic on calendar days. A day is read as a local calendar date and written
 * back the same way, so no time zone (nor a daylight-saving change on a phone) moves it.
 */
export function addDays(date: string, days: number): string {
  return format(addCalendarDays(parseISO(date), days), DAY_FORMAT);
}

export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(parseISO(to), parseISO(from));
}

/** Calendar months later; the 31st of a shorter month becomes its last day. */
export function addMonths(date: string, months: number): string {
  return format(addCalendarMonths(parseISO(date), months), DAY_FORMAT);
}

/** How many days of the truck's own driving cover `km`, within FLEET.dueWindowDays. */
export function daysToCover(km: number, dailyKm: number): number {
  const { min, max } = FLEET.dueWindowDays;
  if (dailyKm <= 0) return max;
  return Math.min(max, Math.max(min, Math.ceil(km / dailyKm)));
}

export interface ServiceHealthInput {
  intervalKm: number;
  intervalMonths: number;
  baseline: ServiceBaseline;
  /** Every reading of the truck, the one from when it was added included. */
  readings: readonly OdometerReading[];
  now?: Date;
}

/**
 * Due by km or by date, whichever first. Service Due within FLEET.serviceDueKm of the km limit,
 * or once the date is closer than the days the truck takes to drive that far; overdue at 0 or
 * less of either.
 */
export function serviceHealth({ intervalKm, intervalMonths, baseline, readings, now = new Date() }: ServiceHealthInput): ServiceHealth {
  const today = todayInPerth(now);
  const sorted = sortReadings(readings);
  const latest = sorted.reduce<OdometerReading | null>((best, reading) => (!best || reading.km >= best.km ? reading : best), null);
  const odometerKm = Math.max(latest?.km ?? 0, baseline.km);
  const { dailyKm, from } = averageDailyKm(readings);

  const dueAtKm = baseline.km + intervalKm;
  const byMonths = addMonths(baseline.date, intervalMonths);
  const dueByDate = baseline.explicitDueDate && baseline.explicitDueDate < byMonths ? baseline.explicitDueDate : byMonths;
  const kmRemaining = dueAtKm - odometerKm;
  const daysRemaining = daysBetween(today, dueByDate);

  const lastReadingDay = latest ? (DATE_ONLY.test(latest.at) ? latest.at : todayInPerth(new Date(latest.at))) : baseline.date;
  const kmForecast =
    kmRemaining <= 0 ? lastReadingDay : dailyKm > 0 ? addDays(lastReadingDay, Math.ceil(kmRemaining / dailyKm)) : null;
  const dueBy: 'km' | 'date' = kmForecast !== null && kmForecast < dueByDate ? 'km' : 'date';
  const forecastDate = dueBy === 'km' ? kmForecast! : dueByDate;

  const intervalDays = Math.max(1, daysBetween(baseline.date, dueByDate));
  const used = Math.max((odometerKm - baseline.km) / intervalKm, daysBetween(baseline.date, today) / intervalDays);

  const state: ServiceState =
    kmRemaining <= 0 || daysRemaining <= 0
      ? 'overdue'
      : kmRemaining <= FLEET.serviceDueKm || daysRemaining <= daysToCover(FLEET.serviceDueKm, dailyKm)
        ? 'due'
        : 'ok';

  return {
    odometerKm,
    lastReadingAt: latest?.at ?? baseline.date,
    lastServiceKm: baseline.km,
    lastServiceDate: baseline.date,
    cycle: baseline.cycle,
    dueAtKm,
    dueByDate,
    kmRemaining,
    daysRemaining,
    dailyKm: Math.round(dailyKm * 10) / 10,
    dailyKmFrom: from,
    forecastDate,
    dueBy,
    usedPercent: Math.round(Math.min(1, Math.max(0, used)) * 100),
    state,
  };
}

/** Within `km` of its service, by km or by the truck's own pace towards the due date. */
export function isServiceWithin(health: ServiceHealth, km: number): boolean {
  return health.kmRemaining <= km || health.daysRemaining <= daysToCover(km, health.dailyKm);
}

/**
 * The Service Due alert to send, if any: once per interval, when the truck is due or overdue
 * and nobody has been told for this interval yet.
 */
export function serviceDueCrossing(health: Pick<ServiceHealth, 'state' | 'cycle'>, alertedCycle: string | null): string | null {
  return health.state !== 'ok' && alertedCycle !== health.cycle ? health.cycle : null;
}

/**
 * What the vehicle keeps as the interval its owners were told about, after this estimate: the
 * current one while the truck is due or overdue, none once it is not. A truck goes from due back
 * to fine only by a change to it (a longer interval, a corrected last service, a mistaken reading
 * taken out; the days only run down), and forgetting the alert then lets it alert once more when
 * it comes due again, in the same interval or not. The daily check alone never re-arms it.
 */
export function alertedCycleAfter(health: Pick<ServiceHealth, 'state' | 'cycle'>): string | null {
  return health.state === 'ok' ? null : health.cycle;
}

/** Why dispatch should think twice before sending a truck out. */
export type DispatchFlag = 'out_of_service' | 'maintenance' | 'overdue' | 'due_soon';

/** Off the road, overdue, or within FLEET.dispatchWarningKm of its service; null when fine to go. */
export function dispatchFlag(vehicle: { status: string; health: ServiceHealth }): DispatchFlag | null {
  if (OFF_ROAD_STATUSES.includes(vehicle.status as VehicleStatus)) return vehicle.status as 'out_of_service' | 'maintenance';
  if (vehicle.health.state === 'overdue') return 'overdue';
  return isServiceWithin(vehicle.health, FLEET.dispatchWarningKm) ? 'due_soon' : null;
}

/** What the fleet board shows: the status wins, then the service estimate. */
export function vehicleDisplayState(status: string, health: Pick<ServiceHealth, 'state'>): VehicleDisplayState {
  if (status === 'out_of_service') return 'out_of_service';
  if (status === 'maintenance') return 'maintenance';
  if (health.state === 'overdue') return 'overdue';
  if (health.state === 'due') return 'due';
  return 'active';
}
