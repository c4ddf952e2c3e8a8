/** Every package's tests in one run. Jest runs in ESM mode (node --experimental-vm-modules). */
export default {
  // Integration and e2e tests start servers, browsers and processes.
  testTimeout: 60_000,
  testSequencer: '<rootDir>/jest.sequencer.js',
  // Names the run, and at its end removes what the Jest workers' shared stacks left (packages/testkit/src/shared-stack.ts).
  globalSetup: '<rootDir>/jest.global-setup.js',
  globalTeardown: '<rootDir>/jest.global-teardown.js',
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/packages/db',
    '<rootDir>/packages/platform',
    '<rootDir>/packages/testkit',
    '<rootDir>/backend',
    '<rootDir>/worker',
    '<rootDir>/frontend',
    '<rootDir>/e2e',
  ],
};
