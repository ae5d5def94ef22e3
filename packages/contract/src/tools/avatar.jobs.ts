import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `avatar` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
// Finding faces and the preview are free; the render is charged per second.
export const avatarJobs = { jobs: { 'avatar.faces': 'text', 'avatar.preview': 'video', 'avatar.render': 'video' }, outputs: ['video', 'text'], priceKeys: ['avatarPerSecond'] } as const satisfies ToolJobsDefinition;
