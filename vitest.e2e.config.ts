import { defineConfig } from 'vitest/config';

// No WxtVitest plugin: these tests drive the built extension in a real
// Chromium and must not see WXT's fake browser APIs.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // One browser at a time: the machines have two cores.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 60_000,
    retry: 0,
  },
});
