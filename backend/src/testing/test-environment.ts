import { type Environment, loadEnvironment } from '@towing/platform';
import { testVariables } from '@towing/testkit';

/**
 * An environment for one test: its own database, its own Redis key space, nothing delivered
 * unless asked. Here rather than in the testkit: loading it brings the platform's environment
 * loader (and class-validator), which every test file that imports the testkit would pay for.
 */
export function testEnvironment(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}): Environment {
  return loadEnvironment(testVariables(databaseUrl, overrides));
}
