import { pronunciationDeleteCall, pronunciationListCall, pronunciationSaveCall, textToSpeechCreateCall, textToSpeechDetectLanguageCall, textToSpeechPreviewCall } from '@voxwork/contract';
import { textToSpeechTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Text to speech: jobs, the first sentence at once, language detection, the pronunciation dictionary. */
export const textToSpeechServerTool = defineServerTool(textToSpeechTool, {
  calls: ({ textToSpeech }) => [
    bindCall(textToSpeechCreateCall, async (body, context) => textToSpeech.createTts(requireUserId(context), body)),
    bindCall(textToSpeechPreviewCall, async (body, context) => textToSpeech.previewTts(requireUserId(context), body)),
    bindCall(textToSpeechDetectLanguageCall, async (body, context) => {
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
  apiCreate: ({ textToSpeech }, userId, body, options) => textToSpeech.createTts(userId, body, options),
});
