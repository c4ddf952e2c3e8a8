import { EMERGENCY_DEFAULTS, sosNotes, sosSituation } from './jobs.js';
import { LAST4_PATTERN } from './lookup.js';

describe('sosNotes and sosSituation', () => {
  it('writes the marker, vehicle and situation lines, and reads the situation back', () => {
    const notes = sosNotes({ vehicle: ' Hilux ', situation: 'Bogged to the axles' });
    expect(notes).toBe('EMERGENCY RECOVERY REQUEST\nVehicle: Hilux\nSituation: Bogged to the axles');
    expect(sosSituation(notes)).toBe('Bogged to the axles');
  });

  it('defaults blank fields, finds the line among dispatch notes, and is null without one', () => {
    expect(sosNotes({ situation: '  ' })).toBe(`EMERGENCY RECOVERY REQUEST\nVehicle: ${EMERGENCY_DEFAULTS.vehicle}\nSituation: ${EMERGENCY_DEFAULTS.situation}`);
    expect(sosSituation('EMERGENCY RECOVERY REQUEST\nGPS: -20.7, 116.8\nVehicle: Not specified\nSituation: Rolled on the dune track')).toBe('Rolled on the dune track');
    expect(sosSituation('Customer will call back')).toBeNull();
    expect(sosSituation(null)).toBeNull();
  });
});

describe('LAST4_PATTERN', () => {
  it('takes exactly four digits', () => {
    expect(LAST4_PATTERN.test('5678')).toBe(true);
    for (const text of ['567', '56789', ' 5678', '56a8', '']) expect(LAST4_PATTERN.test(text)).toBe(false);
  });
});
