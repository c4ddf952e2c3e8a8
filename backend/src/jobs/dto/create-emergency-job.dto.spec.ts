import { type CreateEmergencyJobDto, sosCommandOf } from './create-emergency-job.dto.js';

const payload = (fields: Partial<CreateEmergencyJobDto>) => ({ phone: '0412 345 678', ...fields }) as CreateEmergencyJobDto;

describe("sosCommandOf: the spec's emergency payload as the SOS command", () => {
  it('reads the fix, vehicle and situation out of the lines the spec page writes, dropping the marker and the map link', () => {
    const notes = [
      'EMERGENCY RECOVERY REQUEST',
      'GPS: -20.736214, 116.846383',
      'Vehicle: 2019 Hilux, white',
      'Situation: Bogged to the axles',
      'Google Maps: https://maps.google.com/?q=-20.736214,116.846383',
    ].join('\n');
    expect(sosCommandOf(payload({ customerName: 'Kim', location: 'Maitland River crossing', notes, status: 'Emergency', progress: 0 }))).toEqual({
      phone: '0412 345 678',
      customerName: 'Kim',
      email: undefined,
      location: 'Maitland River crossing',
      vehicle: '2019 Hilux, white',
      situation: 'Bogged to the axles',
      gps: { lat: -20.736214, lng: 116.846383 },
    });
  });

  it("keeps a sender's own text as notes, and takes the fix from a location the page could not turn into an address", () => {
    const command = sosCommandOf(payload({ location: 'GPS: -21.714500, 117.954200', notes: 'Customer will call back\nGate code 4411' }));
    expect(command).toMatchObject({ gps: { lat: -21.7145, lng: 117.9542 }, notes: 'Customer will call back\nGate code 4411' });
    expect([command.vehicle, command.situation]).toEqual([undefined, undefined]);
  });

  it('carries no fix and no notes when the payload has neither', () => {
    const command = sosCommandOf(payload({ notes: 'EMERGENCY RECOVERY REQUEST\nVehicle: Not specified\nSituation: Emergency recovery needed' }));
    expect('gps' in command || 'notes' in command).toBe(false);
  });
});
