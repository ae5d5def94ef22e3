import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `series` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
// Its episodes are video translations: their jobs and prices are that tool's.
export const seriesJobs = { jobs: {}, outputs: ['video', 'text'], priceKeys: [] } as const satisfies ToolJobsDefinition;
