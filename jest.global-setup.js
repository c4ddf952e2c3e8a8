import { compiledTestkit } from './jest.compiled-testkit.js';

/**
 * Names the run, unless `npm test` has (packages/testkit/src/test-run.ts): the workers inherit the
 * variable, every database and Redis key space of the run carries the name, and
 * jest.global-teardown.js removes what is left of them.
 */
export default async function nameTheRun() {
  const kit = await compiledTestkit();
  if (kit) process.env[kit.TEST_RUN] ||= kit.newRunName();
}
