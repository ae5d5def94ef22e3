import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `video-erasure` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
// Finding the text and the preview are free jobs; the erase is charged.
export const videoErasureJobs = {
  jobs: { 'video-erasure.detect': 'text', 'video-erasure.preview': 'video', 'video-erasure.erase': 'video' },
  outputs: ['video', 'text'],
  priceKeys: ['videoErasurePerMinute'],
} as const satisfies ToolJobsDefinition;
