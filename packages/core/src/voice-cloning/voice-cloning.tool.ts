import { defineTool } from '../jobs/define-tool.ts';
import { createVoiceCloningPipeline } from './voice-cloning.pipeline.ts';

export const voiceCloningTool = defineTool({
  id: 'voice-cloning',
  jobs: {
    /** Voice cloning: a checked recording → a voice profile and a preview. */
    'voice-cloning.clone': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 20 * 60, usesPlanSlot: true }, pipeline: createVoiceCloningPipeline },
  },
});
