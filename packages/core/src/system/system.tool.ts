import { defineTool } from '../jobs/define-tool.ts';
import { createSystemService } from './system.service.ts';
import { pingPipeline } from './ping.pipeline.ts';
import { selfCheckPipeline } from './self-check.pipeline.ts';

/** Operators' and diagnostics' jobs: no user tool owns them (the catalogue's `INTERNAL_JOBS`); they never take a plan's run slot. */
export const systemTool = defineTool({
  id: 'system',
  services: ({ jobs, accountExists }) => ({ system: createSystemService({ jobs, accountExists }) }),
  jobs: {
    /** Operators' media self-check: render a tone → encode in real time → measure. */
    'system.selfCheck': { policy: { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 15 * 60, usesPlanSlot: false }, pipeline: () => selfCheckPipeline },
    /** A queue round trip with no work: measures scheduling overhead (bench:jobs) and proves a worker is alive. */
    'system.ping': { policy: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60, usesPlanSlot: false }, pipeline: () => pingPipeline },
  },
});
