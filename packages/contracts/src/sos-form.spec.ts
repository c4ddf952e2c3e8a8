import { buildSosRequest, type EmergencyFormValues, sosRetryDelay } from './sos-form.js';

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

describe('sosRetryDelay', () => {
  it('retries a queued SOS after a few seconds, doubling the wait up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(sosRetryDelay)).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000, 30_000]);
  });
});
