/**
 * The allowed import arrows (README, "Layout"). `npm test` runs this first; any forbidden
 * import fails the run. Check by hand: `npm run lint:imports`.
 */
const TEST_FILES = '(\\.(spec|int-spec|e2e-spec)\\.tsx?$|/testing/|^e2e/|^packages/testkit/|^scripts/|^jest\\.[\\w.-]+\\.js$)';

module.exports = {
  forbidden: [
    {
      name: 'worker-not-backend',
      comment: 'The worker shares packages with the API, never its code (README, "Layout").',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(backend|frontend)/' },
    },
    {
      name: 'backend-not-worker',
      severity: 'error',
      from: { path: '^backend/' },
      to: { path: '^(worker|frontend)/' },
    },
    {
      name: 'e2e-only-packages',
      comment: 'Journeys drive the built product as a user would; they import packages only.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(backend|worker|frontend)/' },
    },
    {
      name: 'nothing-imports-e2e',
      comment: 'The journeys sit on top of everything; what they share with other tests lives in packages/testkit.',
      severity: 'error',
      from: { path: '^(backend|worker|packages|frontend)/' },
      to: { path: '^e2e/' },
    },
    {
      name: 'packages-not-apps',
      comment: 'Shared packages sit below the apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(backend|worker|frontend|e2e)/' },
    },
    {
      name: 'contracts-pure',
      comment: 'Contracts run in the browser too: no Node built-ins, no persistence or runtime plumbing.',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^packages/(db|platform|testkit)/|^node:', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-no-node-builtins',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'db-below-platform',
      severity: 'error',
      from: { path: '^packages/db/src/', pathNot: TEST_FILES },
      to: { path: '^packages/(platform|testkit)/' },
    },
    {
      name: 'platform-not-db',
      severity: 'error',
      from: { path: '^packages/platform/src/', pathNot: TEST_FILES },
      to: { path: '^packages/(db|testkit)/' },
    },
    {
      name: 'production-never-testkit',
      comment: 'The test kit starts servers and peers; shipped code must not carry it.',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'frontend-browser-only',
      comment: 'The browser gets contracts and nothing of the server.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(backend|worker|packages/(db|platform|testkit))/' },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports has no bottom: neither side can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'migrations-frozen',
      comment: 'A migration runs as it was written, forever: it imports libraries and its own folder, never our live code.',
      severity: 'error',
      from: { path: '^packages/db/src/migrations/', pathNot: TEST_FILES },
      to: { path: '^(packages|backend|worker|frontend|e2e|scripts)/', pathNot: '^packages/db/src/migrations/' },
    },
    {
      name: 'frontend-shared-no-features',
      comment: 'frontend/src/shared is what every feature builds on; it knows none of them (a feature that needs a hook passes it in).',
      severity: 'error',
      from: { path: '^frontend/src/shared/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'frontend-features-through-index',
      comment: "A feature uses another only through that feature's index.ts, its public face; the rest is its own to change.",
      severity: 'error',
      // A spec may set up what it needs from the features it plays together; stylesheets are shared by class name.
      from: { path: '^frontend/src/features/([^/]+)/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: '^frontend/src/features/', pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.tsx?$', '\\.css$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
