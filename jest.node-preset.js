/**
 * Jest settings shared by the Node packages: TypeScript through ts-jest in ESM mode,
 * relative `.js` specifiers mapped back to the `.ts` sources, workspace packages read
 * from source so tests never need a build.
 */
export function nodeProject(displayName, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
    moduleNameMapper: {
      '^@towing/contracts$': '<rootDir>/../contracts/src/index.ts',
      '^@towing/backend/(.*)$': '<rootDir>/../backend/src/$1',
      '^(\\.{1,2}/.*(?<!\\.json))\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
    },
    ...extra,
  };
}
