import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `audio-separation` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const audioSeparationJobs = { jobs: { 'audio-separation.separate': 'audio' }, outputs: ['audio'], priceKeys: ['audioSeparationPerMinute'] } as const satisfies ToolJobsDefinition;
