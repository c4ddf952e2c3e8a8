import { compiledTestkit } from './jest.compiled-testkit.js';

/**
 * Stops the shared stacks Jest's own process started (a run in band starts them here; with
 * workers they end with theirs), then drops the databases and Redis keys of this run's shared
 * stacks (jest.global-setup.js named the run).
 */
export default async function removeTheRunsSharedStacks() {
  const kit = await compiledTestkit();
  if (!kit || !process.env[kit.SHARED_RUN]) return;
  await kit.stopSharedStacks();
  await kit.removeSharedStacks(process.env[kit.SHARED_RUN]);
}
