import { formatPerthDate, formatPerthDateTime, formatPerthMonthYear, isoToPerthLocal, perthDayStart, perthLocalToIso } from './time.js';

describe('isoToPerthLocal', () => {
  it('shows an instant as Perth wall-clock time for a datetime-local box, the inverse of perthLocalToIso', () => {
    expect(isoToPerthLocal('2025-03-01T06:30:00.000Z')).toBe('2025-03-01T14:30');
    expect(isoToPerthLocal('2025-03-01T16:05:00.000Z')).toBe('2025-03-02T00:05');
    expect(perthLocalToIso(isoToPerthLocal('2025-12-31T23:59:00.000Z'))).toBe('2025-12-31T23:59:00.000Z');
  });
});

describe('perthDayStart', () => {
  it('is midnight in Perth, the previous day\'s 16:00 UTC', () => {
    expect(perthDayStart('2026-03-01').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(perthDayStart('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });
});

describe('the dates a customer reads', () => {
  it('writes a day as its date and time are written, in Perth, whatever the time zone of the phone', () => {
    const moment = '2026-11-25T02:08:00.000Z';
    expect(formatPerthDateTime(moment)).toBe('25 Nov 2026, 10:08 am');
    expect(formatPerthDate(moment)).toBe('25 Nov 2026');
    expect(formatPerthDate('2026-11-30T17:00:00.000Z')).toBe('1 Dec 2026');
    expect(formatPerthMonthYear('2026-11-30T17:00:00.000Z')).toBe('December 2026');
  });
});
