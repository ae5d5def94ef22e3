import { defineTool } from '../jobs/define-tool.ts';
import { createSeriesService, type EpisodeTranslationRequest } from './series.service.ts';
import { seriesEpisodeEndedIn } from './series-episode-end.ts';

/** What the series needs of the video translator (a port of its own: no import of that tool's folder). */
export interface SeriesNeeds {
  videoTranslation: {
    create(ownerId: string, request: EpisodeTranslationRequest): Promise<{ jobId: string; cost: number }>;
    /** The same checks and measured length as `create`, nothing queued. */
    quote(ownerId: string, request: EpisodeTranslationRequest): Promise<{ seconds: number; cost: number }>;
  };
}

/**
 * The series (issue 28, decisions 056 and 061): a drama's memory and its season board. It queues
 * no job type of its own: each episode runs as one video translation per target language, created
 * through the video translator's service (reached through `tools` once every tool is built).
 */
export const seriesTool = defineTool({
  id: 'series',
  jobs: {},
  services: ({ seriesStore, jobs, findUpload, storage }, tools: () => SeriesNeeds) => ({
    series: createSeriesService({
      store: seriesStore,
      translateEpisode: (ownerId, request) => tools().videoTranslation.create(ownerId, request),
      quoteEpisode: (ownerId, request) => tools().videoTranslation.quote(ownerId, request),
      jobOf: (ownerId, jobId, locale) => jobs.getOwned(jobId, ownerId, locale),
      resultFile: (ownerId, jobId, name) => jobs.resultFile(jobId, ownerId, name),
      uploadName: async (ownerId, uploadId) => (await findUpload(ownerId, uploadId)).originalName,
      openFile: (key) => storage.get(key),
    }),
  }),
  // The episode's webhook event, once its last run has ended.
  onJobEndedIn: seriesEpisodeEndedIn,
});
