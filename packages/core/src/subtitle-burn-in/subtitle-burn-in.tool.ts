import { defineTool } from '../jobs/define-tool.ts';
import { createSubtitleBurnInPipeline } from './subtitle-burn-in.pipeline.ts';

export const subtitleBurnInTool = defineTool({
  id: 'subtitle-burn-in',
  jobs: {
    /** Subtitle burn-in: a video and a subtitle file → the video with the lines drawn in. */
    'subtitle-burn-in.burn': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true }, pipeline: createSubtitleBurnInPipeline },
  },
});
