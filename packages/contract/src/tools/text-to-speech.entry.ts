import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `text-to-speech` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `text-to-speech.jobs.ts`). */
export const textToSpeechEntry = {
  id: 'text-to-speech',
  status: 'built',
  navGroup: 'create',
  pages: [page('text-to-speech', '/workbench/text-to-speech', 'tool')],
  marketing: landing('/text-to-speech'),
} as const satisfies ToolDefinition;
