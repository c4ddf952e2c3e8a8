import { gpsLocationText } from '@towing/contracts';
import { phoneFix, smsHref } from './emergency-request';

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
