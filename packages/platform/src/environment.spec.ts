import { EnvironmentError, loadEnvironment } from './environment.js';

describe('loadEnvironment', () => {
  it('applies the documented defaults to an empty environment', () => {
    const environment = loadEnvironment({});
    expect(environment).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/towing',
      redisUrl: 'redis://127.0.0.1:6379',
      adminUsername: 'admin',
      publicUrl: 'http://localhost:3000',
      chromiumPath: '/usr/lib/chromium/chromium-headless-shell',
      oncallPhones: ['+61491570157', '+61491570158'],
    });
    expect(environment.twilio).toBeUndefined();
    expect(environment.smtpUrl).toBeUndefined();
    expect(environment.sessionSecret).toHaveLength(64);
  });

  it('lists every problem at once', () => {
    let thrown: unknown;
    try {
      loadEnvironment({ PORT: 'abc', DATABASE_URL: 'mysql://x', TWILIO_ACCOUNT_SID: 'AC1', NODE_ENV: 'production' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvironmentError);
    const problems = (thrown as EnvironmentError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toContain('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together');
    expect(problems).toContain('SESSION_SECRET: required when NODE_ENV is production');
  });

  it("reads the map's tile URL, which the frontend was built with, and refuses one that is not http or https", () => {
    expect(loadEnvironment({}).mapTileUrl).toBeUndefined();
    expect(loadEnvironment({ VITE_MAP_TILE_URL: 'http://192.168.1.20:8080/tiles/{z}/{x}/{y}.png' }).mapTileUrl).toBe('http://192.168.1.20:8080/tiles/{z}/{x}/{y}.png');
    expect(loadEnvironment({ VITE_MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).mapTileUrl).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    for (const bad of ['tiles.office.lan/{z}/{x}/{y}.png', 'ftp://tiles.office.lan/{z}/{x}/{y}.png', 'http://tile-{s}.office.lan/{z}/{x}/{y}.png']) {
      expect(() => loadEnvironment({ VITE_MAP_TILE_URL: bad })).toThrow(/VITE_MAP_TILE_URL: expected an http or https tile URL/);
    }
  });

  it('reads the reverse geocoder the frontend was built with: the default, another, or none', () => {
    expect(loadEnvironment({}).reverseGeocodeUrl).toBe('https://nominatim.openstreetmap.org/reverse');
    expect(loadEnvironment({ VITE_REVERSE_GEOCODE_URL: 'http://geocode.office.lan/reverse' }).reverseGeocodeUrl).toBe('http://geocode.office.lan/reverse');
    expect(loadEnvironment({ VITE_REVERSE_GEOCODE_URL: '' }).reverseGeocodeUrl).toBeUndefined();
    expect(() => loadEnvironment({ VITE_REVERSE_GEOCODE_URL: 'geocode.office.lan/reverse' })).toThrow(/VITE_REVERSE_GEOCODE_URL: expected an http or https URL/);
  });

  it('reads Twilio, on-call phones and the public URL', () => {
    const environment = loadEnvironment({
      PORT: '8080',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+61491570159',
      TWILIO_API_URL: 'http://127.0.0.1:9999',
      ONCALL_PHONES: ' +61491570110 , +61491570111 ',
      PUBLIC_URL: 'https://dispatch.example.com.au/',
    });
    expect(environment.twilio).toEqual({ accountSid: 'AC1', authToken: 'secret', from: '+61491570159', apiUrl: 'http://127.0.0.1:9999' });
    expect(environment.oncallPhones).toEqual(['+61491570110', '+61491570111']);
    expect(environment.publicUrl).toBe('https://dispatch.example.com.au');
    expect(environment.port).toBe(8080);
  });

  it('trusts no proxy unless told, and reads hop counts and address lists', () => {
    expect(loadEnvironment({}).trustProxy).toBe(false);
    expect(loadEnvironment({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadEnvironment({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnvironment({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
    for (const wrong of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1']) {
      expect(() => loadEnvironment({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY: expected/);
    }
  });

  it('reads the pool and the SMS budget, with defaults', () => {
    expect(loadEnvironment({}).database).toEqual({ poolSize: 20, poolWaitMs: 1000 });
    expect(loadEnvironment({}).sms).toEqual({ dailyLimit: 300, overseasDailyLimit: 20, perNumberDailyLimit: 8, sosAlertWindowSeconds: 60, sourceDailyLimit: 20, newCallerReservePercent: 20, overseasSourceDailyLimit: 1, overseasSosPerNumberDailyLimit: 1 });
    expect(loadEnvironment({}).sosAdmission).toEqual({ sourceHourlyAllowance: 5 });
    const set = loadEnvironment({ DATABASE_POOL_SIZE: '8', DATABASE_POOL_WAIT_MS: '500', SMS_DAILY_LIMIT: '50', SMS_OVERSEAS_DAILY_LIMIT: '0', SMS_PER_NUMBER_DAILY_LIMIT: '3', SOS_ALERT_WINDOW_SECONDS: '0', SMS_SOURCE_DAILY_LIMIT: '4', SMS_NEW_CALLER_RESERVE_PERCENT: '10', SOS_SOURCE_HOURLY_ALLOWANCE: '2', SMS_OVERSEAS_SOURCE_DAILY_LIMIT: '0', SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT: '2' });
    expect(set.sosAdmission).toEqual({ sourceHourlyAllowance: 2 });
    expect(set.database).toEqual({ poolSize: 8, poolWaitMs: 500 });
    expect(set.sms).toEqual({ dailyLimit: 50, overseasDailyLimit: 0, perNumberDailyLimit: 3, sosAlertWindowSeconds: 0, sourceDailyLimit: 4, newCallerReservePercent: 10, overseasSourceDailyLimit: 0, overseasSosPerNumberDailyLimit: 2 });
    expect(() => loadEnvironment({ SMS_NEW_CALLER_RESERVE_PERCENT: '95' })).toThrow(/SMS_NEW_CALLER_RESERVE_PERCENT/);
    expect(() => loadEnvironment({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadEnvironment({ SMS_DAILY_LIMIT: '-1' })).toThrow(/SMS_DAILY_LIMIT/);
    expect(() => loadEnvironment({ SMS_DAILY_LIMIT: 'lots' })).toThrow(/SMS_DAILY_LIMIT/);
  });

  it('reads the customer email budget, with defaults', () => {
    expect(loadEnvironment({}).email).toEqual({ dailyLimit: 200, perAddressDailyLimit: 3 });
    expect(loadEnvironment({ EMAIL_DAILY_LIMIT: '0', EMAIL_PER_ADDRESS_DAILY_LIMIT: '5' }).email).toEqual({ dailyLimit: 0, perAddressDailyLimit: 5 });
    expect(() => loadEnvironment({ EMAIL_PER_ADDRESS_DAILY_LIMIT: '0' })).toThrow(/EMAIL_PER_ADDRESS_DAILY_LIMIT/);
    expect(() => loadEnvironment({ EMAIL_DAILY_LIMIT: 'lots' })).toThrow(/EMAIL_DAILY_LIMIT/);
  });
});
