import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `text-to-speech`'s calls (`calls/text-to-speech.calls.ts`) the web app makes. */
export const textToSpeechCreateCall = callHandle<typeof calls.textToSpeechCreateCall>('/api/text-to-speech/create');
export const textToSpeechDetectLanguageCall = callHandle<typeof calls.textToSpeechDetectLanguageCall>('/api/text-to-speech/detectLanguage');
export const textToSpeechPreviewCall = callHandle<typeof calls.textToSpeechPreviewCall>('/api/text-to-speech/preview');
export const pronunciationDeleteCall = callHandle<typeof calls.pronunciationDeleteCall>('/api/text-to-speech/pronunciations/delete');
export const pronunciationListCall = callHandle<typeof calls.pronunciationListCall>('/api/text-to-speech/pronunciations/list');
export const pronunciationSaveCall = callHandle<typeof calls.pronunciationSaveCall>('/api/text-to-speech/pronunciations/save');
