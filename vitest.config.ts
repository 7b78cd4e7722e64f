import { defineConfig } from 'vitest/config';
import { roomAliases } from './vite.config.js';

export default defineConfig({
  resolve: { alias: roomAliases },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/unit/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/system/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file gets its own databases; two workers keep a 2-core machine responsive.
    pool: 'forks',
    maxWorkers: 2,
  },
});
