import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `voice-cloning` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `voice-cloning.jobs.ts`). */
export const voiceCloningEntry = {
  id: 'voice-cloning',
  status: 'built',
  navGroup: 'voices',
  pages: [page('voice-cloning', '/workbench/voice-cloning', 'tool')],
  marketing: landing('/voice-cloning'),
} as const satisfies ToolDefinition;
