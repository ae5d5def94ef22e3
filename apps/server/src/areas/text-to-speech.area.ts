import { pronunciationDeleteCall, pronunciationListCall, pronunciationSaveCall, ttsCreateCall, ttsDetectLanguageCall, ttsPreviewCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Text to speech: jobs, the first sentence at once, language detection, the pronunciation dictionary. */
export const textToSpeechArea: Area = {
  name: 'text-to-speech',
  calls: ({ services: { textToSpeech } }) => [
    bindCall(ttsCreateCall, async (body, context) => textToSpeech.createTts(requireUserId(context), body)),
    bindCall(ttsPreviewCall, async (body, context) => textToSpeech.previewTts(requireUserId(context), body)),
    bindCall(ttsDetectLanguageCall, async (body, context) => {
      requireUserId(context);
      return textToSpeech.detectLanguage(body.text);
    }),
    bindCall(pronunciationListCall, async (body, context) => textToSpeech.pronunciations(requireUserId(context), body.language)),
    bindCall(pronunciationSaveCall, async (body, context) => textToSpeech.savePronunciation(requireUserId(context), body)),
    bindCall(pronunciationDeleteCall, async (body, context) => {
      await textToSpeech.deletePronunciation(requireUserId(context), body.id);
      return { ok: true as const };
    }),
  ],
};
