import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { page } from './tool-pages.ts';

/** `video-erasure` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const videoErasureEntry = {
  id: 'video-erasure',
  status: 'built',
  navGroup: 'video',
  pages: [
    // The AI tools hub: today it holds video erasure only.
    page('ai-tools', '/workbench/ai-tools', 'hub'),
    page('video-erasure', '/workbench/ai-tools/video-erasure', 'tool'),
  ],
  marketing: null,
} as const satisfies ToolDefinition;

// Finding the text and the preview are free jobs; the erase is charged.
export const videoErasureJobs = {
  jobs: { 'video-erasure.detect': 'text', 'video-erasure.preview': 'video', 'video-erasure.erase': 'video' },
  outputs: ['video', 'text'],
  priceKeys: ['videoErasurePerMinute'],
} as const satisfies ToolJobsDefinition;
