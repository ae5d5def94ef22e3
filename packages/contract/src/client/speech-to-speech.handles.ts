import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `speech-to-speech`'s calls (`calls/speech-to-speech.calls.ts`) the web app makes. */
export const speechToSpeechCreateCall = callHandle<typeof calls.speechToSpeechCreateCall>('/api/speech-to-speech/create');
