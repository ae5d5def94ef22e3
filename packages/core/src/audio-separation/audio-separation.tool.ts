import { defineTool } from '../jobs/define-tool.ts';
import { createAudioSeparationService } from './audio-separation.service.ts';
import { createAudioSeparationPipeline } from './audio-separation.pipeline.ts';

export const audioSeparationTool = defineTool({
  id: 'audio-separation',
  services: ({ jobs, separationEngines, findUpload, planOf }) => ({
    // A recording's longest is the plan's video minutes.
    audioSeparation: createAudioSeparationService({ jobs, engines: separationEngines, findUpload, planOf: async (userId) => ({ maxMinutesPerJob: (await planOf(userId)).maxVideoMinutesPerJob }) }),
  }),
  jobs: {
    /**
     * Audio separation: a recording (or a video's first audio track) → a voice stem and a background stem.
     * RNNoise runs far faster than real time; a remote isolator takes about the audio's length to answer.
     */
    'audio-separation.separate': { policy: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 2 * 60 * 60, usesPlanSlot: true }, pipeline: createAudioSeparationPipeline },
  },
});
