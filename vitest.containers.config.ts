import { defineConfig } from 'vitest/config';

// `npm run test:containers`: the image and compose.yaml built and run on Docker (docs/deploy.md).
// One file at a time: each starts containers, and a 2-core machine builds the image as well.
export default defineConfig({
  test: {
    include: ['tests/containers/**/*.test.ts'],
    globalSetup: ['tests/containers/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
  },
});
