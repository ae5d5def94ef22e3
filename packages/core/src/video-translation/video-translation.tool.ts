import { defineTool } from '../jobs/define-tool.ts';
import { createVideoTranslationPipeline } from './video-translation.pipeline.ts';

export const videoTranslationTool = defineTool({
  id: 'video-translation',
  jobs: {
    /**
     * Video translation: a video → the same video dubbed in other languages, with subtitles and stems.
     * Long work: each retry resumes at the stage that failed (checkpoints), so retries are cheap.
     */
    'video-translation.dub': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true }, pipeline: createVideoTranslationPipeline },
  },
});
