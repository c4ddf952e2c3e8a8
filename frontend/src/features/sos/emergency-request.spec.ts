import { gpsLocationText } from '@towing/contracts';
import {
  buildSosRequest,
  phoneFix,
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

describe('phoneFix', () => {
  it('carries the position, the accuracy in whole metres and the moment of the fix', () => {
    const position = { coords: { latitude: -20.7362141, longitude: 116.8463829, accuracy: 12.6 }, timestamp: now.getTime() };
    expect(phoneFix(position as GeolocationPosition)).toEqual({
      lat: -20.7362141,
      lng: 116.8463829,
      accuracyM: 13,
      fixedAt: '2025-03-01T02:00:00.000Z',
    });
  });
});

describe('buildSosRequest', () => {
  const fix = { ...gps, accuracyM: 13, fixedAt: '2025-03-01T02:00:00.000Z' };

  it('sends only the phone when the rest was left blank: the server fills the spec defaults', () => {
    expect(buildSosRequest({ ...blank, vehicle: '   ' }, null)).toEqual({ phone: '0400 123 456' });
  });

  it('omits a whitespace-only email', () => {
    expect('email' in buildSosRequest({ ...blank, email: '   ' }, null)).toBe(false);
  });

  it('trims what the driver typed, keeps the email and carries the fix as it came', () => {
    expect(buildSosRequest(filled, fix)).toEqual({
      phone: '0400 123 456',
      customerName: 'Jess Tran',
      email: 'jess@example.com',
      location: 'Millstream Rd, 20 km south of the NWCH',
      vehicle: '2019 Hilux, white',
      situation: 'Bogged to the axles in a creek crossing',
      gps: fix,
    });
  });
});
