import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { landing, page } from './tool-pages.ts';

/** `text-to-speech` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const textToSpeechEntry = {
  id: 'text-to-speech',
  status: 'built',
  navGroup: 'create',
  pages: [page('text-to-speech', '/workbench/text-to-speech', 'tool')],
  marketing: landing('/text-to-speech'),
} as const satisfies ToolDefinition;

/** What `text-to-speech` queues and charges (`TOOL_JOBS`, `tool-jobs.ts`). */
export const textToSpeechJobs = { jobs: { 'text-to-speech.synthesize': 'audio' }, outputs: ['audio', 'text'], priceKeys: ['textToSpeechPer1000Characters'] } as const satisfies ToolJobsDefinition;
