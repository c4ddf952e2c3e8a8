import { randomBytes } from 'node:crypto';
import { type Environment, loadEnvironment } from '../config/environment.js';

/** The variables of a test environment, as a process started by the test would get them. */
export function testVariables(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    PUBLIC_URL: 'http://towing.test',
    BUSINESS_EMAIL: 'office@towing.test',
    ONCALL_PHONES: '+61491570157,+61491570158',
    ...overrides,
  };
}

/** An environment for one test: its own database, its own Redis key space, nothing delivered unless asked. */
export function testEnvironment(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}): Environment {
  return loadEnvironment(testVariables(databaseUrl, overrides));
}
