import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `video-translation` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `video-translation.jobs.ts`). */
export const videoTranslationEntry = {
  id: 'video-translation',
  // Every page is real: the form (quick, and pro, whose review step is still to come) and one
  // run's progress or result under each `:slug` page (decision 027).
  status: 'built',
  navGroup: 'video',
  pages: [
    page('video-translator', '/workbench/video-translator', 'tool'),
    page('video-translator-details', '/workbench/video-translator/details/:slug', 'details'),
    page('video-translator-pro', '/workbench/video-translator-pro', 'tool'),
    page('video-translator-pro-result', '/workbench/video-translator-pro/result/:slug', 'result'),
    page('video-translator-pro-details', '/workbench/video-translator-pro/details/:slug', 'details'),
  ],
  marketing: landing('/video-translator'),
} as const satisfies ToolDefinition;
