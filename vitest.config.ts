import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/build/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The integration tests spawn servers and ffmpeg: two cores, so keep files from competing too hard.
    maxWorkers: 2,
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    reporters: ['default'],
  },
});
