import { defineTool } from '../jobs/define-tool.ts';
import { createVideoErasureService } from './video-erasure.service.ts';
import { createVideoErasureDetectPipeline, createVideoErasurePipeline, createVideoErasurePreviewPipeline } from './video-erasure.pipeline.ts';

/**
 * Video erasure: the text of a video found (free), a 10 s preview (free), the whole video erased.
 * Erasure runs at 10–18 frames/s of 720p on two cores: a plan's longest video (120 min) may take
 * 4–5 h; reading its text ≈ 0.4× its length.
 */
export const videoErasureTool = defineTool({
  id: 'video-erasure',
  services: ({ jobs, findUpload, planOf }) => ({ videoErasure: createVideoErasureService({ jobs, findUpload, planOf }) }),
  jobs: {
    'video-erasure.detect': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true }, pipeline: createVideoErasureDetectPipeline },
    'video-erasure.preview': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 30 * 60, usesPlanSlot: true }, pipeline: createVideoErasurePreviewPipeline },
    'video-erasure.erase': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 6 * 60 * 60, usesPlanSlot: true }, pipeline: createVideoErasurePipeline },
  },
});
