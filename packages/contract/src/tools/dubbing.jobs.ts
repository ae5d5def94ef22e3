import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `dubbing` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
// Preparing a project and exporting it are free; translating and speaking segments are charged.
export const dubbingJobs = {
  jobs: { 'dubbing.prepare': 'text', 'dubbing.translate': 'text', 'dubbing.synthesize': 'audio', 'dubbing.export': 'video' },
  outputs: ['video', 'audio', 'text'],
  priceKeys: ['dubbingTranslationPer1000Characters', 'dubbingSynthesisPer1000Characters'],
} as const satisfies ToolJobsDefinition;
