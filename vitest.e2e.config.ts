import { defineConfig } from 'vitest/config';

/**
 * Files measured to run two at a time (each its own Chromium, profile and port-0 mocks) faster and without failures
 * on a two-core machine: 34-39 s against 53-59 s one at a time. The rest run one at a time afterwards: espeak-ng and
 * speech-dispatcher readings, timed views and those not yet measured side by side.
 */
const SIDE_BY_SIDE = [
  'tests/e2e/history.e2e.test.ts',
  'tests/e2e/interrupted-answers.e2e.test.ts',
  'tests/e2e/large-answers.e2e.test.ts',
  'tests/e2e/panel-events.e2e.test.ts',
  'tests/e2e/provider-errors.e2e.test.ts',
  'tests/e2e/storage-repair.e2e.test.ts',
];

const shared = {
  environment: 'node',
  // Each file launches its own Chromium, mocks and profile and closes them after: a worker reused from file to file
  // (playwright already imported, no process to start) has nothing of the last file's left but its module caches.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  retry: 0,
} as const;

// No WxtVitest plugin: these tests drive the built extension in a real
// Chromium and must not see WXT's fake browser APIs.
export default defineConfig({
  test: {
    teardownTimeout: 60_000,
    projects: [
      {
        test: {
          ...shared,
          name: 'e2e-side-by-side',
          include: SIDE_BY_SIDE,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'e2e-one-at-a-time',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: SIDE_BY_SIDE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
