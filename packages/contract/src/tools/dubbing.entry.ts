import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { page } from './tool-pages.ts';

/** `dubbing` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const dubbingEntry = {
  id: 'dubbing',
  status: 'built',
  navGroup: 'video',
  pages: [
    page('dubbing-studio', '/workbench/dubbing-studio', 'tool'),
    page('dubbing-studio-details', '/workbench/dubbing-studio/details/:slug', 'details'),
    page('dubbing-pro', '/workbench/dubbing-pro', 'tool'),
    page('dubbing-pro-details', '/workbench/dubbing-pro/details', 'details'),
  ],
  marketing: null,
} as const satisfies ToolDefinition;

// Preparing a project and exporting it are free; translating and speaking segments are charged.
export const dubbingJobs = {
  jobs: { 'dubbing.prepare': 'text', 'dubbing.translate': 'text', 'dubbing.synthesize': 'audio', 'dubbing.export': 'video' },
  outputs: ['video', 'audio', 'text'],
  priceKeys: ['dubbingTranslationPer1000Characters', 'dubbingSynthesisPer1000Characters'],
} as const satisfies ToolJobsDefinition;
