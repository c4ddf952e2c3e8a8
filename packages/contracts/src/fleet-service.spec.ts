import {
  addMonths,
  alertedCycleAfter,
  averageDailyKm,
  checkOdometerReading,
  dispatchFlag,
  isServiceWithin,
  type OdometerReading,
  type ServiceBaseline,
  serviceBaseline,
  serviceDueCrossing,
  serviceHealth,
  vehicleDisplayState,
} from './fleet-service.js';

/** Noon in Perth on a day, as an instant. */
const perthNoon = (day: string) => new Date(`${day}T12:00:00+08:00`);
const reading = (km: number, day: string, source: OdometerReading['source'] = 'fuel'): OdometerReading => ({
  km,
  at: perthNoon(day).toISOString(),
  source,
});
const baseline = (km: number, date: string, explicitDueDate: string | null = null): ServiceBaseline => ({ km, date, explicitDueDate, cycle: 'service-1' });

describe('service due by km', () => {
  const now = perthNoon('2026-03-10');
  const health = (odometer: number) =>
    serviceHealth({
      intervalKm: 10_000,
      intervalMonths: 12,
      baseline: baseline(100_000, '2026-03-01'),
      readings: [reading(100_000, '2026-03-01', 'service'), reading(odometer, '2026-03-09')],
      now,
    });

  it('is Active with more than 1000 km left', () => {
    expect(health(108_999)).toMatchObject({ kmRemaining: 1001, state: 'ok' });
  });

  it('is Service Due at exactly 1000 km left and below', () => {
    expect(health(109_000)).toMatchObject({ kmRemaining: 1000, state: 'due' });
    expect(health(109_999)).toMatchObject({ kmRemaining: 1, state: 'due' });
  });

  it('is overdue at 0 km left and past it', () => {
    expect(health(110_000)).toMatchObject({ kmRemaining: 0, state: 'overdue' });
    expect(health(110_250)).toMatchObject({ kmRemaining: -250, state: 'overdue' });
  });

  it('takes the odometer from the highest reading, whatever kind it is', () => {
    const mixed = serviceHealth({
      intervalKm: 10_000,
      intervalMonths: 12,
      baseline: baseline(100_000, '2026-03-01'),
      readings: [reading(100_000, '2026-03-01', 'service'), reading(104_000, '2026-03-05', 'mileage'), reading(103_500, '2026-03-04', 'fuel')],
      now,
    });
    expect(mixed.odometerKm).toBe(104_000);
    expect(mixed.lastReadingAt).toBe(perthNoon('2026-03-05').toISOString());
  });

  it('fills the progress bar by km used', () => {
    expect(health(105_000).usedPercent).toBe(50);
    expect(health(112_000).usedPercent).toBe(100);
  });
});

describe('service due by date', () => {
  // 12 km a day: the km limit is far off, the date decides.
  const readings = [reading(50_000, '2025-09-10', 'service'), reading(52_000, '2026-02-25')];
  const health = (today: string) =>
    serviceHealth({ intervalKm: 10_000, intervalMonths: 6, baseline: baseline(50_000, '2025-09-10'), readings, now: perthNoon(today) });

  it('falls due on the date the months run out', () => {
    expect(health('2026-02-01')).toMatchObject({ dueByDate: '2026-03-10', dueBy: 'date', forecastDate: '2026-03-10' });
  });

  it('is Service Due once the date is closer than the truck takes to drive 1000 km (at most 30 days)', () => {
    // 2,000 km over 168 days is about 11.9 km a day: 1000 km would take 84 days, capped at 30.
    expect(health('2026-02-07')).toMatchObject({ daysRemaining: 31, state: 'ok' });
    expect(health('2026-02-08')).toMatchObject({ daysRemaining: 30, state: 'due' });
  });

  it('is overdue on the due date itself and after it', () => {
    expect(health('2026-03-09')).toMatchObject({ daysRemaining: 1, state: 'due' });
    expect(health('2026-03-10')).toMatchObject({ daysRemaining: 0, state: 'overdue' });
    expect(health('2026-04-01')).toMatchObject({ daysRemaining: -22, state: 'overdue' });
  });

  it('gives a busy truck a week to book in before the date', () => {
    const busy = (today: string) =>
      serviceHealth({
        intervalKm: 100_000,
        intervalMonths: 6,
        baseline: baseline(50_000, '2025-09-10'),
        readings: [reading(50_000, '2025-09-10'), reading(80_000, '2026-02-26')],
        now: perthNoon(today),
      });
    expect(busy('2026-03-02')).toMatchObject({ daysRemaining: 8, state: 'ok' });
    expect(busy('2026-03-03')).toMatchObject({ daysRemaining: 7, state: 'due' });
  });

  it('takes an earlier due date the workshop wrote down', () => {
    const booked = serviceHealth({
      intervalKm: 10_000,
      intervalMonths: 6,
      baseline: baseline(50_000, '2025-09-10', '2026-01-15'),
      readings,
      now: perthNoon('2025-12-01'),
    });
    expect(booked.dueByDate).toBe('2026-01-15');
  });

  it('adds calendar months, the 31st becoming the last day of a shorter month', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
  });
});

describe('forecast from the truck\'s own readings', () => {
  it('uses the truck\'s average km a day over its readings', () => {
    const readings = [reading(20_000, '2026-01-01'), reading(23_000, '2026-01-31')];
    expect(averageDailyKm(readings)).toEqual({ dailyKm: 100, from: 'readings' });
    const health = serviceHealth({ intervalKm: 10_000, intervalMonths: 12, baseline: baseline(20_000, '2026-01-01'), readings, now: perthNoon('2026-01-31') });
    // 7,000 km left at 100 km a day: 70 days after the last reading.
    expect(health).toMatchObject({ kmRemaining: 7000, dailyKm: 100, dailyKmFrom: 'readings', dueBy: 'km', forecastDate: '2026-04-11' });
  });

  it('assumes the spec\'s 50 km a day only with fewer than two readings', () => {
    expect(averageDailyKm([])).toEqual({ dailyKm: 50, from: 'assumed' });
    expect(averageDailyKm([reading(1000, '2026-01-01')])).toEqual({ dailyKm: 50, from: 'assumed' });
    const health = serviceHealth({
      intervalKm: 10_000,
      intervalMonths: 12,
      baseline: baseline(0, '2026-01-01'),
      readings: [reading(0, '2026-01-01', 'added')],
      now: perthNoon('2026-01-01'),
    });
    expect(health).toMatchObject({ dailyKm: 50, dailyKmFrom: 'assumed', forecastDate: '2026-07-20', dueBy: 'km' });
  });

  it('assumes 50 km a day until the first and last readings are a week apart, then uses them', () => {
    const at = (iso: string, km: number, source: OdometerReading['source'] = 'fuel'): OdometerReading => ({ km, at: iso, source });
    const sameDay = [at('2026-01-01T01:00:00.000Z', 1000), at('2026-01-01T03:00:00.000Z', 1300)];
    expect(averageDailyKm(sameDay)).toEqual({ dailyKm: 50, from: 'assumed' });
    expect(averageDailyKm([at('2026-01-01T01:00:00.000Z', 1000), at('2026-01-08T00:59:00.000Z', 1700)])).toEqual({ dailyKm: 50, from: 'assumed' });
    expect(averageDailyKm([at('2026-01-01T01:00:00.000Z', 1000), at('2026-01-08T01:00:00.000Z', 1700)])).toEqual({ dailyKm: 100, from: 'readings' });
    // A service is dated by its day: it counts from that day's middle.
    const fromService = averageDailyKm([at('2026-01-01', 1000, 'service'), at('2026-01-08T04:00:00.000Z', 1700)]);
    expect(fromService.from).toBe('readings');
    expect(fromService.dailyKm).toBeCloseTo(100, 3);
    expect(averageDailyKm([at('2026-01-01', 1000, 'service'), at('2026-01-08T03:00:00.000Z', 1700)]).from).toBe('assumed');
  });

  it('gives a truck added today with a run the same day the 50 km a day, not its one run', () => {
    const added = { km: 40_000, at: '2026-03-01T01:00:00.000Z', source: 'added' as const };
    const parked = [added, { km: 40_000, at: '2026-03-01T05:00:00.000Z', source: 'fuel' as const }];
    const run = [added, { km: 49_500, at: '2026-03-01T09:00:00.000Z', source: 'mileage' as const }];
    expect(averageDailyKm(parked)).toEqual({ dailyKm: 50, from: 'assumed' });
    expect(averageDailyKm(run)).toEqual({ dailyKm: 50, from: 'assumed' });
    const health = serviceHealth({ intervalKm: 10_000, intervalMonths: 6, baseline: baseline(40_000, '2026-03-01'), readings: run, now: perthNoon('2026-03-01') });
    // 500 km left at 50 km a day: ten days after the run.
    expect(health).toMatchObject({ dailyKm: 50, dailyKmFrom: 'assumed', forecastDate: '2026-03-11', state: 'due' });
  });

  it('measures from the highest reading, even when the odometer typed in for the truck came after that day\'s receipts', () => {
    const readings: OdometerReading[] = [reading(10_000, '2026-01-01'), reading(11_600, '2026-01-08'), { km: 10_000, at: perthNoon('2026-01-09').toISOString(), source: 'added' }];
    expect(averageDailyKm(readings).dailyKm).toBe(200);
  });

  it('forecasts by date for a truck that has not moved', () => {
    const parked = [reading(5000, '2026-01-01'), reading(5000, '2026-02-01')];
    const health = serviceHealth({ intervalKm: 10_000, intervalMonths: 6, baseline: baseline(5000, '2026-01-01'), readings: parked, now: perthNoon('2026-02-01') });
    expect(health).toMatchObject({ dailyKm: 0, dueBy: 'date', forecastDate: '2026-07-01' });
  });
});

describe('odometer readings', () => {
  const history = [reading(10_000, '2026-01-01', 'added'), reading(10_400, '2026-01-05'), reading(11_000, '2026-01-10')];

  it('accepts one at or above the last', () => {
    expect(checkOdometerReading(history, { km: 11_000, at: perthNoon('2026-01-11').toISOString() })).toEqual({ ok: true });
    expect(checkOdometerReading(history, { km: 11_800, at: perthNoon('2026-01-11').toISOString() })).toEqual({ ok: true });
  });

  it('refuses one lower than the last reading before it, saying which', () => {
    expect(checkOdometerReading(history, { km: 10_999, at: perthNoon('2026-01-11').toISOString() })).toEqual({
      ok: false,
      kind: 'lower',
      message: 'Odometer reading is lower than the last reading of 11,000 km (fuel, 10 Jan 2026)',
    });
  });

  it('refuses a back-dated one higher than a reading taken after it', () => {
    expect(checkOdometerReading(history, { km: 10_500, at: perthNoon('2026-01-03').toISOString() })).toMatchObject({ ok: false, kind: 'higher' });
    expect(checkOdometerReading(history, { km: 10_200, at: perthNoon('2026-01-03').toISOString() })).toEqual({ ok: true });
  });

  it('takes older receipts entered after the truck was added, whatever odometer was typed in for it', () => {
    const added = [reading(10_000, '2026-01-20', 'added')];
    expect(checkOdometerReading(added, { km: 10_250, at: perthNoon('2026-01-15').toISOString() })).toEqual({ ok: true });
    expect(checkOdometerReading(added, { km: 9_990, at: perthNoon('2026-01-21').toISOString() })).toMatchObject({ ok: false, kind: 'lower' });
  });

  it('holds the odometer typed in when the truck was added against the whole of that Perth day and after', () => {
    const added = [{ km: 100_000, at: '2026-03-05T06:00:00.000Z', source: 'added' as const }];
    expect(checkOdometerReading(added, { km: 99_950, at: '2026-03-05' })).toEqual({
      ok: false,
      kind: 'lower',
      message: 'Odometer reading is lower than the last reading of 100,000 km (added, 5 Mar 2026)',
    });
    // Earlier the same Perth day (01:30 UTC is 09:30 in Perth), and the day after.
    expect(checkOdometerReading(added, { km: 99_950, at: '2026-03-05T01:30:00.000Z' })).toMatchObject({ ok: false, kind: 'lower' });
    expect(checkOdometerReading(added, { km: 99_950, at: '2026-03-06' })).toMatchObject({ ok: false, kind: 'lower' });
    expect(checkOdometerReading(added, { km: 100_000, at: '2026-03-05' })).toEqual({ ok: true });
    // The day before (15:59 UTC on the 4th is 23:59 in Perth) it does not reach.
    expect(checkOdometerReading(added, { km: 99_950, at: '2026-03-04' })).toEqual({ ok: true });
    expect(checkOdometerReading(added, { km: 99_950, at: '2026-03-04T15:59:00.000Z' })).toEqual({ ok: true });
  });

  it('measures a jump from the furthest reading by then, a run the same day included', () => {
    const day = [{ km: 40_000, at: '2026-03-05T01:00:00.000Z', source: 'added' as const }, { km: 50_000, at: '2026-03-05T09:00:00.000Z', source: 'mileage' as const }];
    expect(checkOdometerReading(day, { km: 50_100, at: '2026-03-05' })).toEqual({ ok: true });
    expect(checkOdometerReading(day, { km: 51_600, at: '2026-03-05' })).toMatchObject({ ok: false, kind: 'jump', message: expect.stringContaining('since the last reading of 50,000 km') });
  });

  it('does not set a service (a whole day) against a fill the same day', () => {
    expect(checkOdometerReading(history, { km: 10_900, at: '2026-01-10' })).toEqual({ ok: true });
    expect(checkOdometerReading(history, { km: 10_300, at: '2026-01-10' })).toMatchObject({ ok: false, kind: 'lower' });
  });

  it('flags more than 1,500 km a day since the previous reading (at least a day\'s worth)', () => {
    expect(checkOdometerReading(history, { km: 12_500, at: perthNoon('2026-01-11').toISOString() })).toEqual({ ok: true });
    expect(checkOdometerReading(history, { km: 12_501, at: perthNoon('2026-01-11').toISOString() })).toMatchObject({ ok: false, kind: 'jump' });
    expect(checkOdometerReading(history, { km: 15_500, at: perthNoon('2026-01-13').toISOString() })).toEqual({ ok: true });
    expect(checkOdometerReading(history, { km: 110_000, at: perthNoon('2026-01-13').toISOString() })).toMatchObject({
      ok: false,
      kind: 'jump',
      message: expect.stringContaining('Odometer jumps 99,000 km in 3 days'),
    });
  });
});

describe('the service interval baseline', () => {
  const vehicle = { mileage: 80_000, createdAt: '2026-01-05T02:00:00.000Z', lastServiceDate: null, lastServiceMileage: null, nextService: null };

  it('starts at the latest Routine Service or Oil Change, not a brake job', () => {
    const services = [
      { id: 1, serviceType: 'Routine Service', mileageAtService: 81_000, invoiceDate: '2026-01-20', nextServiceDue: null },
      { id: 2, serviceType: 'Brake Service', mileageAtService: 83_000, invoiceDate: '2026-02-01', nextServiceDue: null },
      { id: 3, serviceType: 'Oil Change', mileageAtService: 82_000, invoiceDate: '2026-01-28', nextServiceDue: '2026-06-01' },
    ];
    expect(serviceBaseline(vehicle, services)).toEqual({ km: 82_000, date: '2026-01-28', explicitDueDate: '2026-06-01', cycle: 'service-3' });
  });

  it('before any service, starts at the last service entered with the truck, else the day it joined', () => {
    expect(serviceBaseline(vehicle, [])).toEqual({ km: 80_000, date: '2026-01-05', explicitDueDate: null, cycle: 'joined' });
    expect(serviceBaseline({ ...vehicle, lastServiceDate: '2025-12-01', lastServiceMileage: 78_500 }, [])).toMatchObject({ km: 78_500, date: '2025-12-01' });
  });
});

describe('display state and alerts', () => {
  it('lets the status win over the service estimate', () => {
    expect(vehicleDisplayState('out_of_service', { state: 'ok' })).toBe('out_of_service');
    expect(vehicleDisplayState('maintenance', { state: 'overdue' })).toBe('maintenance');
    expect(vehicleDisplayState('active', { state: 'overdue' })).toBe('overdue');
    expect(vehicleDisplayState('Excellent', { state: 'due' })).toBe('due');
    expect(vehicleDisplayState('Excellent', { state: 'ok' })).toBe('active');
  });

  it('forgets the alert once the truck is no longer due, so it alerts again when it next comes due', () => {
    expect(alertedCycleAfter({ state: 'due', cycle: 'joined' })).toBe('joined');
    expect(alertedCycleAfter({ state: 'overdue', cycle: 'service-4' })).toBe('service-4');
    expect(alertedCycleAfter({ state: 'ok', cycle: 'joined' })).toBeNull();
    expect(serviceDueCrossing({ state: 'due', cycle: 'joined' }, alertedCycleAfter({ state: 'ok', cycle: 'joined' }))).toBe('joined');
  });

  it('alerts once per service interval', () => {
    expect(serviceDueCrossing({ state: 'ok', cycle: 'service-4' }, null)).toBeNull();
    expect(serviceDueCrossing({ state: 'due', cycle: 'service-4' }, null)).toBe('service-4');
    expect(serviceDueCrossing({ state: 'overdue', cycle: 'service-4' }, 'service-4')).toBeNull();
    expect(serviceDueCrossing({ state: 'due', cycle: 'service-5' }, 'service-4')).toBe('service-5');
  });

  it('flags dispatch within 500 km', () => {
    const health = (odometer: number) =>
      serviceHealth({
        intervalKm: 10_000,
        intervalMonths: 12,
        baseline: baseline(0, '2026-03-01'),
        readings: [reading(0, '2026-03-01'), reading(odometer, '2026-03-09')],
        now: perthNoon('2026-03-10'),
      });
    expect(isServiceWithin(health(9_499), 500)).toBe(false);
    expect(isServiceWithin(health(9_500), 500)).toBe(true);
    expect(dispatchFlag({ status: 'active', health: health(9_499) })).toBeNull();
    expect(dispatchFlag({ status: 'Excellent', health: health(9_500) })).toBe('due_soon');
    expect(dispatchFlag({ status: 'active', health: health(10_000) })).toBe('overdue');
    expect(dispatchFlag({ status: 'out_of_service', health: health(100) })).toBe('out_of_service');
    expect(dispatchFlag({ status: 'maintenance', health: health(100) })).toBe('maintenance');
  });
});
