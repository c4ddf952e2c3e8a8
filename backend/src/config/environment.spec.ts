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
      chromiumPath: '/usr/bin/chromium',
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
});
