import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `speech-to-speech` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const speechToSpeechJobs = { jobs: { 'speech-to-speech.convert': 'audio' }, outputs: ['audio'], priceKeys: ['speechToSpeechPerMinute'] } as const satisfies ToolJobsDefinition;
