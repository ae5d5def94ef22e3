import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `speech-to-speech` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `speech-to-speech.jobs.ts`). */
export const speechToSpeechEntry = {
  id: 'speech-to-speech',
  status: 'built',
  navGroup: 'create',
  pages: [page('speech-to-speech', '/workbench/speech-to-speech', 'tool')],
  marketing: landing('/speech-to-speech'),
} as const satisfies ToolDefinition;
