import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { page } from './tool-pages.ts';

/** `audio-separation` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const audioSeparationEntry = {
  id: 'audio-separation',
  status: 'built',
  navGroup: 'video',
  pages: [page('audio-separation', '/workbench/ai-tools/audio-separation', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;

/** What `audio-separation` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const audioSeparationJobs = { jobs: { 'audio-separation.separate': 'audio' }, outputs: ['audio'], priceKeys: ['audioSeparationPerMinute'] } as const satisfies ToolJobsDefinition;
