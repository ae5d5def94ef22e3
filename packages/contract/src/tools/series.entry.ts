import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `series` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `series.jobs.ts`). */
export const seriesEntry = {
  id: 'series',
  // A drama's memory (glossary, characters, voices) and its season board; each episode runs as
  // video translations (decision 056), so it queues no job type of its own (decision 061).
  status: 'built',
  navGroup: 'video',
  pages: [page('series', '/workbench/series', 'tool')],
  marketing: null,
  runsAs: 'video-translation',
} as const satisfies ToolDefinition;
