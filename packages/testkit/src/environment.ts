import { randomBytes } from 'node:crypto';
import { testRedisPrefix } from './test-run.js';

/** Where the in-process API of a backend test says it is served: its pages' Origin. */
export const TEST_PUBLIC_URL = 'http://towing.test';

/** The Redis every test and its processes use. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** The variables of a test environment, as a process started by the test would get them. */
export function testVariables(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testRedisPrefix(),
    PUBLIC_URL: TEST_PUBLIC_URL,
    BUSINESS_EMAIL: 'office@towing.test',
    ONCALL_PHONES: '+61491570157,+61491570158',
    // Tests and benches send every SOS from one loopback address: only the tests of SOS
    // admission (sos-admission) set the per-address allowances they exercise.
    SOS_SOURCE_HOURLY_ALLOWANCE: '1000000',
    SMS_SOURCE_DAILY_LIMIT: '1000000',
    // Any free port: several workers run at once on a test machine (the port is logged at start).
    WORKER_METRICS_PORT: '0',
    // Tests share a loaded machine, where answers are slow for other processes' sake: only the
    // tests of load shedding set the thresholds they exercise (the benches use production's).
    API_SHED_LOOP_DELAY_MS: '60000',
    API_SHED_REQUEST_MS: '60000',
    // Likewise the wait for a pooled connection: production answers 503 after 1 s so a phone
    // retries; a burst of twenty SOS on a loaded test machine can wait longer than that.
    DATABASE_POOL_WAIT_MS: '30000',
    ...overrides,
  };
}

/**
 * What production adds to a test environment: NODE_ENV=production (compiled assets, no
 * development shortcuts), a session secret of its own, and links pointing at the server itself.
 * The benches measure the system this way.
 */
export function productionVariables(baseUrl: string): NodeJS.ProcessEnv {
  // The load-shedding thresholds and the pool's wait as production has them (the defaults): unset, not the tests' own.
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    API_SHED_LOOP_DELAY_MS: undefined,
    API_SHED_REQUEST_MS: undefined,
    DATABASE_POOL_WAIT_MS: undefined,
  };
}
