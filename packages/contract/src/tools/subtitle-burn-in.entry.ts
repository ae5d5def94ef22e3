import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `subtitle-burn-in` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `subtitle-burn-in.jobs.ts`). */
export const subtitleBurnInEntry = {
  id: 'subtitle-burn-in',
  status: 'built',
  navGroup: 'video',
  pages: [page('subtitle-burn-in', '/workbench/ai-tools/subtitle-burn-in', 'tool')],
  marketing: null,
  hub: 'ai-tools',
} as const satisfies ToolDefinition;
