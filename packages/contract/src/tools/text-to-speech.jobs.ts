import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `text-to-speech` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const textToSpeechJobs = { jobs: { 'text-to-speech.synthesize': 'audio' }, outputs: ['audio', 'text'], priceKeys: ['textToSpeechPer1000Characters'] } as const satisfies ToolJobsDefinition;
