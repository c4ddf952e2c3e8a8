import { nodeProject } from '../jest.node-preset.js';

export default nodeProject('e2e', { testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'] });
