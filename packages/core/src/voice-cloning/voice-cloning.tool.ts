import { defineTool } from '../jobs/define-tool.ts';
import { createVoiceCloningService } from './voice-cloning.service.ts';
import { createVoiceCloningPipeline } from './voice-cloning.pipeline.ts';

export const voiceCloningTool = defineTool({
  id: 'voice-cloning',
  services: ({ speechEngines, speech, jobs, storage, scratch, voices, findUpload, planOf }) => ({
    voiceCloning: createVoiceCloningService({ engines: speechEngines, speech, jobs, storage, scratch, voices, findUpload, planOf }),
  }),
  jobs: {
    /** Voice cloning: a checked recording → a voice profile and a preview. */
    'voice-cloning.clone': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 20 * 60, usesPlanSlot: true }, pipeline: createVoiceCloningPipeline },
  },
});
