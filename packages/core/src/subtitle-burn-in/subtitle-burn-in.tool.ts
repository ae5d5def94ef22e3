import { defineTool } from '../jobs/define-tool.ts';
import { createSubtitleBurnInService } from './subtitle-burn-in.service.ts';
import { createSubtitleBurnInPipeline } from './subtitle-burn-in.pipeline.ts';

export const subtitleBurnInTool = defineTool({
  id: 'subtitle-burn-in',
  services: ({ jobs, findUpload, planOf }) => ({ subtitleBurnIn: createSubtitleBurnInService({ jobs, findUpload, planOf }) }),
  jobs: {
    /** Subtitle burn-in: a video and a subtitle file → the video with the lines drawn in. */
    'subtitle-burn-in.burn': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3 * 60 * 60, usesPlanSlot: true }, pipeline: createSubtitleBurnInPipeline },
  },
});
