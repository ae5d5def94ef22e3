import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `subtitle-extraction` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const subtitleExtractionJobs = { jobs: { 'subtitle-extraction.extract': 'text' }, outputs: ['text'], priceKeys: ['subtitleExtractionPerMinute'] } as const satisfies ToolJobsDefinition;
