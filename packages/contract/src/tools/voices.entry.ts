import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `voices` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `voices.jobs.ts`). */
export const voicesEntry = {
  id: 'voices',
  status: 'built',
  navGroup: 'voices',
  pages: [page('voice-library', '/workbench/voice-library', 'tool')],
  marketing: landing('/voice-library'),
} as const satisfies ToolDefinition;
