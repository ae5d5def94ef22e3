import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `subtitle-extraction` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `subtitle-extraction.jobs.ts`). */
export const subtitleExtractionEntry = {
  id: 'subtitle-extraction',
  status: 'built',
  navGroup: 'video',
  pages: [page('subtitle-extraction', '/workbench/ai-tools/subtitle-extraction', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;
