import {
  buildEmergencyNotes,
  buildEmergencyRequest,
  gpsLocationText,
  smsHref,
  type EmergencyFormValues,
} from './emergency-request';

const blank: EmergencyFormValues = { name: '', phone: '0400 123 456', location: '', vehicle: '', situation: '' };
const filled: EmergencyFormValues = {
  name: '  Jess Tran ',
  phone: ' 0400 123 456 ',
  email: ' jess@example.com ',
  location: 'Millstream Rd, 20 km south of the NWCH',
  vehicle: '2019 Hilux, white',
  situation: 'Bogged to the axles in a creek crossing',
};
const gps = { lat: -20.7362141, lng: 116.8463829 };
const now = new Date('2025-03-01T02:00:00.000Z');

describe('gpsLocationText', () => {
  it('shows coordinates with 6 decimals', () => {
    expect(gpsLocationText(gps)).toBe('GPS: -20.736214, 116.846383');
    expect(gpsLocationText({ lat: -20.7, lng: 116 })).toBe('GPS: -20.700000, 116.000000');
  });
});

describe('smsHref', () => {
  it('texts the business phone with the emergency message', () => {
    expect(smsHref(null)).toBe('sms:+61491570156?body=EMERGENCY%3A%20I%20need%204x4%20recovery%20assistance');
  });

  it('adds the GPS position when known', () => {
    expect(decodeURIComponent(smsHref(gps).split('?body=')[1]!)).toBe(
      'EMERGENCY: I need 4x4 recovery assistance GPS: -20.736214, 116.846383',
    );
  });
});

describe('buildEmergencyNotes', () => {
  it('lists marker, GPS, vehicle, situation and map link when the position is known', () => {
    expect(buildEmergencyNotes(filled, gps).split('\n')).toEqual([
      'EMERGENCY RECOVERY REQUEST',
      'GPS: -20.736214, 116.846383',
      'Vehicle: 2019 Hilux, white',
      'Situation: Bogged to the axles in a creek crossing',
      'Google Maps: https://maps.google.com/?q=-20.736214,116.846383',
    ]);
  });

  it('leaves out GPS and map link without a position and fills blank answers', () => {
    expect(buildEmergencyNotes({ ...blank, vehicle: '   ' }, null).split('\n')).toEqual([
      'EMERGENCY RECOVERY REQUEST',
      'Vehicle: Not specified',
      'Situation: Emergency recovery needed',
    ]);
  });
});

describe('buildEmergencyRequest', () => {
  it('applies the spec defaults to blank fields', () => {
    const request = buildEmergencyRequest(blank, null, now);
    expect(request).toEqual({
      customerName: 'Emergency Recovery',
      phone: '0400 123 456',
      service: '4x4 Recovery',
      location: 'Location pending',
      notes: 'EMERGENCY RECOVERY REQUEST\nVehicle: Not specified\nSituation: Emergency recovery needed',
      status: 'Emergency',
      assignedTo: 'Unassigned',
      estimatedArrival: '2025-03-01T02:30:00.000Z',
      progress: 0,
    });
    expect('email' in request).toBe(false);
  });

  it('omits a whitespace-only email', () => {
    expect('email' in buildEmergencyRequest({ ...blank, email: '   ' }, null, now)).toBe(false);
  });

  it('trims what the driver typed and keeps the email', () => {
    const request = buildEmergencyRequest(filled, gps, now);
    expect(request.customerName).toBe('Jess Tran');
    expect(request.phone).toBe('0400 123 456');
    expect(request.email).toBe('jess@example.com');
    expect(request.location).toBe('Millstream Rd, 20 km south of the NWCH');
    expect(request.notes).toContain('GPS: -20.736214, 116.846383');
  });

  it('promises arrival about 30 minutes from the moment it is built', () => {
    const before = Date.now();
    const eta = Date.parse(buildEmergencyRequest(blank, null).estimatedArrival!);
    const after = Date.now();
    expect(eta).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(eta).toBeLessThanOrEqual(after + 30 * 60_000);
  });
});
