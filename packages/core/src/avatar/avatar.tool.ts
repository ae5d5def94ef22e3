import { defineTool } from '../jobs/define-tool.ts';
import { createAvatarService } from './avatar.service.ts';
import { createAvatarFacesPipeline, createAvatarPreviewPipeline, createAvatarRenderPipeline } from './avatar.pipeline.ts';

/** AI avatar video: the faces of a photo found (free), a preview (free), the render (charged per second). */
export const avatarTool = defineTool({
  id: 'avatar',
  services: ({ jobs, voices, avatarEngines, findUpload, planOf }) => ({ avatar: createAvatarService({ jobs, voices, avatarEngines, findUpload, planOf }) }),
  jobs: {
    'avatar.faces': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 10 * 60, usesPlanSlot: true }, pipeline: createAvatarFacesPipeline },
    'avatar.preview': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 30 * 60, usesPlanSlot: true }, pipeline: createAvatarPreviewPipeline },
    'avatar.render': { policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 6 * 60 * 60, usesPlanSlot: true }, pipeline: createAvatarRenderPipeline },
  },
});
