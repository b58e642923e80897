// ESM project: ts-jest in ESM mode, `.js` suffixes of relative imports mapped back to sources.
const tsJest = ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
};

// Specs that run the sources in-process have no compiled content thread file: their content tasks run in-line.
const INLINE_CONTENT_TASKS = '<rootDir>/test/harness/inline-content-tasks.ts';

export default {
  // Browser suites start Chromium and wait on real pages; e2e files also wait out SYNC_WAIT_MS on purpose.
  testTimeout: 120000,
  // Balances `--shard` by the files' durations (scripts/test.sh shards the e2e files); jest takes it at the root only.
  testSequencer: '<rootDir>/test/harness/e2e-shards.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'], setupFiles: [INLINE_CONTENT_TASKS] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.spec.ts'], setupFiles: [INLINE_CONTENT_TASKS] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/harness/global-setup.js',
      globalTeardown: '<rootDir>/test/harness/global-teardown.js',
    },
    // Started processes, their own Redis and MariaDB, real kills: run once by scripts/test.sh, after the e2e runs.
    { ...common, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'] },
  ],
};
