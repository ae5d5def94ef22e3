import type { ToolDefinition } from './tool-catalogue.ts';
import { landing, page } from './tool-pages.ts';

/** `avatar` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`; what it queues and charges is `avatar.jobs.ts`). */
export const avatarEntry = {
  id: 'avatar',
  status: 'built',
  navGroup: 'video',
  // AI avatar video and talking photo (the marketing page) are one tool.
  pages: [page('ai-avatar-video', '/workbench/ai-avatar-video', 'tool')],
  marketing: landing('/talking-photo'),
} as const satisfies ToolDefinition;
