import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * The folder of one of our workspace packages (`@towing/worker`, `@towing/frontend`...), found by
 * its name as Node finds it: right from the sources, the compiled files and the bundled API and
 * worker alike, where a path relative to the calling module is not (in a bundle, that module is
 * the bundle).
 */
export function packageDirectory(name: string): string {
  return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}
