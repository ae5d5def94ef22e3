import type { ToolJobsDefinition } from './tool-jobs.ts';

/**
 * What `video-translation` queues and charges, in `TOOL_JOBS` (`tool-jobs.ts`): a file apart from its catalogue
 * entry, so the pages' bundle (route metadata, on every page) does not carry it (decision 011).
 */
export const videoTranslationJobs = { jobs: { 'video-translation.dub': 'video' }, outputs: ['video', 'audio', 'text'], priceKeys: ['videoTranslationPerMinute', 'videoTranslationPerLine', 'videoTranslationSubtitlesPerMinute'] } as const satisfies ToolJobsDefinition;
