import type { ToolDefinition } from './tool-catalogue.ts';
import type { ToolJobsDefinition } from './tool-jobs.ts';
import { landing, page } from './tool-pages.ts';

/** `avatar` in the catalogue (its place in the sidebar is `TOOL_ORDER`, `tool-order.ts`). */
export const avatarEntry = {
  id: 'avatar',
  status: 'built',
  navGroup: 'video',
  // AI avatar video and talking photo (the marketing page) are one tool.
  pages: [page('ai-avatar-video', '/workbench/ai-avatar-video', 'tool')],
  marketing: landing('/talking-photo'),
} as const satisfies ToolDefinition;

// Finding faces and the preview are free; the render is charged per second.
export const avatarJobs = { jobs: { 'avatar.faces': 'text', 'avatar.preview': 'video', 'avatar.render': 'video' }, outputs: ['video', 'text'], priceKeys: ['avatarPerSecond'] } as const satisfies ToolJobsDefinition;
