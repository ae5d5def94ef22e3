import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { page } from './tool-pages.ts';

/** `subtitle-extraction` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const subtitleExtractionEntry = {
  id: 'subtitle-extraction',
  status: 'built',
  navGroup: 'video',
  pages: [page('subtitle-extraction', '/workbench/ai-tools/subtitle-extraction', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;

/** What `subtitle-extraction` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const subtitleExtractionJobs = { jobs: { 'subtitle-extraction.extract': 'text' }, outputs: ['text'], priceKeys: ['subtitleExtractionPerMinute'] } as const satisfies ToolJobsDefinition;
