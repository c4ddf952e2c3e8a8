import { typescriptTransform } from './jest.typescript.js';

/**
 * Jest settings shared by the Node packages: TypeScript through SWC in ESM mode,
 * relative `.js` specifiers mapped back to the `.ts` sources, workspace packages read
 * from source so tests never need a build of them.
 */

export function nodeProject(displayName, extra = {}) {
  const depth = extra.depth ?? 1;
  const up = '../'.repeat(depth);
  return {
    displayName,
    // Node's, and every process a test file starts ends with the file.
    testEnvironment: `<rootDir>/${up}jest.node-environment.js`,
    runtime: `<rootDir>/${up}jest.runtime.cjs`,
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
    moduleNameMapper: {
      '^@towing/(contracts|db|platform|testkit)$': `<rootDir>/${up}packages/$1/src/index.ts`,
      // A module's subpath (a JSON file of the package is its own, as Node resolves it).
      '^@towing/(contracts|db|platform|testkit)/([\\w.-]+)(?<!\\.json)$': `<rootDir>/${up}packages/$1/src/$2.ts`,
      '^(\\.{1,2}/.*(?<!\\.json))\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': typescriptTransform(),
    },
    ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'depth')),
  };
}
