import { defineTool } from '../jobs/define-tool.ts';
import { createVideoTranslationService, monthStart, VIDEO_TRANSLATION_JOB } from './video-translation.service.ts';
import { createVideoTranslationPipeline } from './video-translation.pipeline.ts';

export const videoTranslationTool = defineTool({
  id: 'video-translation',
  services: ({ jobs, jobRecords, voices, speechEngines, videoEngines, storage, findUpload, accountOf }) => ({
    videoTranslation: createVideoTranslationService({
      jobs,
      voices,
      engines: speechEngines,
      videoEngines,
      findUpload,
      // The plan's longest video and this month's allowance of runs (the account's).
      planOf: async (userId) => {
        const account = await accountOf(userId);
        return { maxVideoMinutesPerJob: account.comboDetail.maxVideoMinutesPerJob, vtUseLimit: account.vtUseLimit };
      },
      runsThisMonth: (userId) => jobRecords.countRunsSince(userId, [VIDEO_TRANSLATION_JOB], monthStart(new Date())),
      signedUrl: (key) => storage.signedUrl(key, { expiresInSeconds: 3600 }),
    }),
  }),
  jobs: {
    /**
     * Video translation: a video → the same video dubbed in other languages, with subtitles and stems.
     * Long work: each retry resumes at the stage that failed (checkpoints), so retries are cheap.
     */
    'video-translation.dub': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true }, pipeline: createVideoTranslationPipeline },
  },
});
