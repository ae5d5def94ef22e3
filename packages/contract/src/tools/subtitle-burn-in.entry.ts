import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { page } from './tool-pages.ts';

/** `subtitle-burn-in` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const subtitleBurnInEntry = {
  id: 'subtitle-burn-in',
  status: 'built',
  navGroup: 'video',
  pages: [page('subtitle-burn-in', '/workbench/ai-tools/subtitle-burn-in', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;

/** What `subtitle-burn-in` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const subtitleBurnInJobs = { jobs: { 'subtitle-burn-in.burn': 'video' }, outputs: ['video'], priceKeys: ['subtitleBurnInPerMinute'] } as const satisfies ToolJobsDefinition;
