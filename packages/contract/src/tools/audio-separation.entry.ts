import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `audio-separation` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `audio-separation.jobs.ts`). */
export const audioSeparationEntry = {
  id: 'audio-separation',
  status: 'built',
  navGroup: 'video',
  pages: [page('audio-separation', '/workbench/ai-tools/audio-separation', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;
