import { randomBytes } from 'node:crypto';
import { compiledTestkit } from './jest.compiled-testkit.js';

/**
 * Names this run for the shared stacks of its Jest workers (packages/testkit/src/shared-stack.ts):
 * the workers inherit the variable, and jest.global-teardown.js removes what carries the name.
 */
export default async function nameTheRun() {
  const kit = await compiledTestkit();
  if (kit) process.env[kit.SHARED_RUN] = randomBytes(4).toString('hex');
}
