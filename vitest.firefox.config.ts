import { defineConfig } from 'vitest/config';

// Drives the built Firefox add-on in a real firefox-esr; no WXT fake browser.
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.firefox.test.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    retry: 0,
  },
});
