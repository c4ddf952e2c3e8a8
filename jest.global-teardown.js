import { compiledTestkit } from './jest.compiled-testkit.js';

/**
 * Stops what Jest's own process started outside any test file (a run in band starts the shared
 * API here; with workers it ends with theirs), then drops the databases and Redis keys of this
 * run's shared APIs (jest.global-setup.js named the run).
 */
export default async function removeTheRunsSharedApis() {
  const kit = await compiledTestkit();
  if (!kit || !process.env[kit.SHARED_RUN]) return;
  kit.processGroups().end();
  await kit.removeSharedApis(process.env[kit.SHARED_RUN]);
}
