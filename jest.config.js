/** Every package's tests in one run. Jest runs in ESM mode (node --experimental-vm-modules). */
export default {
  // Integration and e2e tests start servers, browsers and processes.
  testTimeout: 60_000,
  projects: ['<rootDir>/contracts', '<rootDir>/backend', '<rootDir>/worker', '<rootDir>/frontend', '<rootDir>/e2e'],
};
