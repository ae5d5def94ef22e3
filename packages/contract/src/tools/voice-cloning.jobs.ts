import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `voice-cloning` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
// A clone's result is its voice; the history plays its preview.
export const voiceCloningJobs = { jobs: { 'voice-cloning.clone': 'audio' }, outputs: ['audio'], priceKeys: ['voiceClone'] } as const satisfies ToolJobsDefinition;
