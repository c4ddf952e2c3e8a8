import { boardOrder, filterJobs, NO_FILTERS } from './job-board-order';
import { formatAccuracy, formatAge, formatClock, driversAvailable } from './durations';
import { mapPins, pinSetKey, viewBounds } from './map/map-pins';
import { testJob } from './test-jobs';

const at = (minutes: number) => new Date(Date.parse('2025-03-01T02:00:00.000Z') + minutes * 60_000).toISOString();

describe('boardOrder', () => {
  it('puts emergencies first, then open jobs oldest first, then closed jobs newest first', () => {
    const jobs = [
      testJob({ id: 'A', status: 'Completed', createdAt: at(1) }),
      testJob({ id: 'B', status: 'Assigned', createdAt: at(5) }),
      testJob({ id: 'C', status: 'Emergency', createdAt: at(9) }),
      testJob({ id: 'D', status: 'En Route', createdAt: at(2) }),
      testJob({ id: 'E', status: 'Cancelled', createdAt: at(7) }),
      testJob({ id: 'F', status: 'Emergency', createdAt: at(3) }),
    ];
    expect(boardOrder(jobs).map((job) => job.id)).toEqual(['F', 'C', 'D', 'B', 'E', 'A']);
  });
});

describe('filterJobs', () => {
  const jobs = [
    testJob({ id: 'JOB-2025-1', status: 'Emergency', assignedTo: 'Dean', customerName: 'Kim Nguyen', phone: '0412 345 678', vehicle: 'Hilux', situation: 'Bogged at the creek', createdAt: '2025-03-01T02:00:00.000Z' }),
    testJob({ id: 'JOB-2025-2', status: 'En Route', assignedTo: 'Matt', customerName: 'Sam Lee', phone: '0499 000 111', location: 'Dampier boat ramp', createdAt: '2025-03-01T17:00:00.000Z' }),
    testJob({ id: 'JOB-2025-3', status: 'Completed', assignedTo: 'Dean', customerName: 'Jo Pearce', phone: '0488 222 333', phoneE164: '+61488222333', notes: 'Gate code 4411', createdAt: '2025-03-02T03:00:00.000Z' }),
  ];
  const ids = (filters: Partial<typeof NO_FILTERS>) => filterJobs(jobs, { ...NO_FILTERS, ...filters }).map((job) => job.id);

  it('shows everything without filters', () => {
    expect(ids({})).toHaveLength(3);
  });

  it('filters by status, driver and the Perth day the job came in', () => {
    expect(ids({ statuses: ['Emergency', 'Completed'] })).toEqual(['JOB-2025-1', 'JOB-2025-3']);
    expect(ids({ driver: 'Dean' })).toEqual(['JOB-2025-1', 'JOB-2025-3']);
    // 17:00 UTC on 1 March is 1 a.m. on 2 March in Perth.
    expect(ids({ date: '2025-03-02' })).toEqual(['JOB-2025-2', 'JOB-2025-3']);
  });

  it('searches id, name, place, vehicle, situation and notes, and phone numbers whatever the spacing', () => {
    expect(ids({ search: 'job-2025-2' })).toEqual(['JOB-2025-2']);
    expect(ids({ search: 'hilux' })).toEqual(['JOB-2025-1']);
    expect(ids({ search: 'creek' })).toEqual(['JOB-2025-1']);
    expect(ids({ search: 'dampier' })).toEqual(['JOB-2025-2']);
    expect(ids({ search: '4411' })).toEqual(['JOB-2025-3']);
    expect(ids({ search: '0412345678' })).toEqual(['JOB-2025-1']);
    expect(ids({ search: 'nobody' })).toEqual([]);
  });
});

describe('mapPins', () => {
  it('pins every open job with a fix, SOS first, and lists open jobs without one', () => {
    const fix = { lat: -20.7, lng: 116.8, accuracyM: 12, fixedAt: at(0) };
    const { pins, withoutFix } = mapPins([
      testJob({ id: 'open-with-fix', status: 'En Route', gps: fix }),
      testJob({ id: 'sos-with-fix', status: 'Emergency', gps: fix }),
      testJob({ id: 'closed-with-fix', status: 'Completed', gps: fix }),
      testJob({ id: 'open-without-fix', status: 'Assigned' }),
      testJob({ id: 'closed-without-fix', status: 'Cancelled' }),
    ]);
    expect(pins.map((pin) => [pin.job.id, pin.sos])).toEqual([
      ['sos-with-fix', true],
      ['open-with-fix', false],
    ]);
    expect(withoutFix.map((job) => job.id)).toEqual(['open-without-fix']);
  });

  it('keys the pin set by which job is where, not by order or status', () => {
    const fix = { lat: -20.7, lng: 116.8, accuracyM: 12, fixedAt: at(0) };
    const before = mapPins([testJob({ id: 'A', status: 'Emergency', gps: fix }), testJob({ id: 'B', status: 'En Route', gps: fix })]).pins;
    const after = mapPins([testJob({ id: 'A', status: 'En Route', gps: fix }), testJob({ id: 'B', status: 'In Progress', gps: fix })]).pins;
    expect(pinSetKey(after)).toBe(pinSetKey(before));
    const moved = mapPins([testJob({ id: 'A', status: 'En Route', gps: { ...fix, lat: -20.8 } }), testJob({ id: 'B', gps: fix })]).pins;
    expect(pinSetKey(moved)).not.toBe(pinSetKey(before));
  });

  it('frames the service area, widened to take in a pin outside it', () => {
    const [[south, west], [north, east]] = viewBounds([]);
    // 100 km around Karratha: about 0.9 degrees of latitude each way.
    expect(north - south).toBeCloseTo(1.8, 1);
    expect((south + north) / 2).toBeCloseTo(-20.7364, 3);
    expect((west + east) / 2).toBeCloseTo(116.846, 3);
    const newman = { lat: -23.36, lng: 119.73, accuracyM: 20, fixedAt: at(0) };
    expect(viewBounds(mapPins([testJob({ status: 'Emergency', gps: newman })]).pins)).toEqual([
      [-23.36, west],
      [north, 119.73],
    ]);
  });
});

describe('durations', () => {
  it('ticks an SOS age as a clock', () => {
    expect(formatClock(42_000)).toBe('0:42');
    expect(formatClock(125_000)).toBe('2:05');
    expect(formatClock(3_729_000)).toBe('1:02:09');
  });

  it('says how old a fix is and how accurate', () => {
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(4 * 60_000)).toBe('4 min ago');
    expect(formatAge(125 * 60_000)).toBe('2 h 5 min ago');
    expect(formatAge(3 * 86_400_000)).toBe('3 days ago');
    expect(formatAccuracy(12.4)).toBe('within 12 m');
    expect(formatAccuracy(1500)).toBe('within 1,500 m');
    expect(formatAccuracy(null)).toBe('accuracy unknown');
  });

  it('counts drivers in good English', () => {
    expect(driversAvailable(1)).toBe('1 driver available');
    expect(driversAvailable(0)).toBe('0 drivers available');
    expect(driversAvailable(3)).toBe('3 drivers available');
  });
});
