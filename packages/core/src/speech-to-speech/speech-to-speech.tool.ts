import { defineTool } from '../jobs/define-tool.ts';
import { createSpeechToSpeechService } from './speech-to-speech.service.ts';
import { createSpeechToSpeechPipeline } from './speech-to-speech.pipeline.ts';

export const speechToSpeechTool = defineTool({
  id: 'speech-to-speech',
  services: ({ jobs, voices, findUpload }) => ({ speechToSpeech: createSpeechToSpeechService({ jobs, voices, findUpload }) }),
  jobs: {
    /** Speech to speech: a recording → the same speech in another voice, same timing. */
    'speech-to-speech.convert': { policy: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 * 60, usesPlanSlot: true }, pipeline: createSpeechToSpeechPipeline },
  },
});
