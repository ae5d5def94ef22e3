import type { ToolDefinition } from './tool-catalogue.ts';
import { page } from './tool-pages.ts';

/** `dubbing` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `dubbing.jobs.ts`). */
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
