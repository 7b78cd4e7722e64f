import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    setupFiles: ['tests/e2e/support/on-failure.ts'],
    // Each journey file starts its own server and browser; one at a time keeps a 2-core
    // machine from starving Chromium, which is what makes browser tests flaky.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
