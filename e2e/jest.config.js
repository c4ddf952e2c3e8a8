import { nodeProject } from '../jest.node-preset.js';

export default nodeProject('e2e', {
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  moduleNameMapper: {
    '^@towing/contracts$': '<rootDir>/../contracts/src/index.ts',
    '^@towing/backend/(.*)$': '<rootDir>/../backend/src/$1',
    '^@towing/worker/(.*)$': '<rootDir>/../worker/src/$1',
    '^(\\.{1,2}/.*(?<!\\.json))\\.js$': '$1',
  },
});
