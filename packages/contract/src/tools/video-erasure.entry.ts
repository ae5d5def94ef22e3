import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `video-erasure` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `video-erasure.jobs.ts`). */
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
