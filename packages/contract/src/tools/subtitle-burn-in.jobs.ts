import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `subtitle-burn-in` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const subtitleBurnInJobs = { jobs: { 'subtitle-burn-in.burn': 'video' }, outputs: ['video'], priceKeys: ['subtitleBurnInPerMinute'] } as const satisfies ToolJobsDefinition;
