import { existsSync } from 'node:fs';

/**
 * The compiled testkit (packages/testkit/dist), or undefined before the first build: a run of
 * front-end specs alone needs no build, and without one no shared stack can have been started.
 */
export async function compiledTestkit() {
  if (!existsSync(new URL('./packages/testkit/dist/index.js', import.meta.url))) return undefined;
  return import('@towing/testkit');
}
