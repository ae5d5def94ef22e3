import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { landing, page } from './tool-pages.ts';

/** `voice-cloning` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const voiceCloningEntry = {
  id: 'voice-cloning',
  status: 'built',
  navGroup: 'voices',
  pages: [page('voice-cloning', '/workbench/voice-cloning', 'tool')],
  marketing: landing('/voice-cloning'),
} as const satisfies ToolDefinition;

// A clone's result is its voice; the history plays its preview.
export const voiceCloningJobs = { jobs: { 'voice-cloning.clone': 'audio' }, outputs: ['audio'], priceKeys: ['voiceClone'] } as const satisfies ToolJobsDefinition;
