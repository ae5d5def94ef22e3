import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { landing, page } from './tool-pages.ts';

/** `voices` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const voicesEntry = {
  id: 'voices',
  status: 'built',
  navGroup: 'voices',
  pages: [page('voice-library', '/workbench/voice-library', 'tool')],
  marketing: landing('/voice-library'),
} as const satisfies ToolDefinition;

/** What `voices` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const voicesJobs = { jobs: {}, outputs: ['audio'], priceKeys: [] } as const satisfies ToolJobsDefinition;
