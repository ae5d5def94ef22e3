import { defineTool } from '../jobs/define-tool.ts';
import { createTextToSpeechPipeline } from './text-to-speech.pipeline.ts';

export const textToSpeechTool = defineTool({
  id: 'text-to-speech',
  jobs: {
    /** Text to speech: a script → one audio file + SRT/VTT from word timings. */
    'text-to-speech.synthesize': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true }, pipeline: createTextToSpeechPipeline },
  },
});
