import { typescriptTransform } from '../jest.typescript.js';

/** Browser code under jsdom by default; a spec that talks to a real local server opts into node with a docblock. */
export default {
  displayName: 'frontend',
  testEnvironment: 'jsdom',
  runtime: '<rootDir>/../jest.runtime.cjs',
  // @ant-design/icons' browser entry is ES syntax in .js files of a CommonJS package, which Jest cannot
  // load; its Node entry wraps the CommonJS build.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  setupFiles: ['<rootDir>/test/setup-dom.ts'],
  moduleNameMapper: {
    '^@towing/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/test/style-stub.js',
    // ...and that CommonJS build requires the ES build of @ant-design/colors; point it at the CommonJS one.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
  transformIgnorePatterns: ['/node_modules/(?!@ant-design/icons-svg/es/)'],
  transform: {
    '/@ant-design/icons-svg/es/.+\\.js$': '<rootDir>/test/icon-data-transformer.cjs',
    '^.+\\.tsx?$': typescriptTransform({ jsx: true }),
  },
};
