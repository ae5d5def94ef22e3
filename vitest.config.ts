import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './tests/support/duration-sequencer.ts';

/**
 * Workspace packages that ship built JavaScript (`@voxwork/client`, decision 039) name their
 * TypeScript sources under this export condition: the monorepo's tests (and `tsc`, through
 * `customConditions` in tsconfig.base.json) read the sources, so nothing has to be built first.
 */
const SOURCE_CONDITION = '@voxwork/source';

/** Unit tests of the packages other than engines, the server and the web app. */
const UNIT_LIGHT = ['packages/{client,contract,core,db,media}/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/app/**/*.test.ts'];

export default defineConfig({
  // Vitest's own default is Vite's server conditions without `module` (it passes them to its workers as `--conditions`).
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
  test: {
    exclude: ['**/node_modules/**', '**/build/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The integration tests spawn servers and ffmpeg: two cores, so keep files from competing too hard.
    maxWorkers: 2,
    // Longest files first, by a measured run's durations (a clean clone has no Vitest cache).
    sequence: { sequencer: DurationSequencer },
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          // The light unit tests share their workers' module graph (isolate: false): importing the
          // packages again for each file was most of their time (45 contract and core files: 17-20 s
          // of CPU isolated, 6 s not). They restore what they stub (vi.unstubAllGlobals).
          name: 'unit',
          include: UNIT_LIGHT,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Engines (models, media tools) and integration tests (servers, databases, processes): a
          // fresh module graph per file.
          name: 'integration',
          include: ['packages/engines/src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
        },
      },
    ],
  },
});
