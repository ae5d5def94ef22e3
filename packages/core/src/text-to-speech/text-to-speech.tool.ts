import { defineTool } from '../jobs/define-tool.ts';
import { createTextToSpeechService } from './text-to-speech.service.ts';
import { createTextToSpeechPipeline } from './text-to-speech.pipeline.ts';

export const textToSpeechTool = defineTool({
  id: 'text-to-speech',
  services: ({ speechEngines, speech, jobs, voices, scratch, planOf }) => ({ textToSpeech: createTextToSpeechService({ engines: speechEngines, speech, jobs, voices, scratch, planOf }) }),
  jobs: {
    /** Text to speech: a script → one audio file + SRT/VTT from word timings. */
    'text-to-speech.synthesize': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true }, pipeline: createTextToSpeechPipeline },
  },
});
