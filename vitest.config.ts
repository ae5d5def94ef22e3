import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Workspace packages that ship built JavaScript (`@voxwork/client`, decision 039) name their
 * TypeScript sources under this export condition: the monorepo's tests (and `tsc`, through
 * `customConditions` in tsconfig.base.json) read the sources, so nothing has to be built first.
 */
const SOURCE_CONDITION = '@voxwork/source';

export default defineConfig({
  // Vitest's own default is Vite's server conditions without `module` (it passes them to its workers as `--conditions`).
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
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
