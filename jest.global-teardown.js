import { compiledTestkit } from './jest.compiled-testkit.js';

/**
 * Stops the shared stacks Jest's own process started (a run in band starts them here; with
 * workers they end with theirs), then removes the databases and Redis keys the run left: its
 * shared stacks', and any of a file that could not remove its own (jest.global-setup.js named the run).
 */
export default async function removeWhatTheRunLeft() {
  const kit = await compiledTestkit();
  const run = kit && process.env[kit.TEST_RUN];
  if (!run) return;
  await kit.stopSharedStacks();
  await kit.removeRunData(run);
}
