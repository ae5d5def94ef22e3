import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `voices`'s calls (`calls/voices.calls.ts`) the web app makes. */
export const voiceFavoriteCall = callHandle<typeof calls.voiceFavoriteCall>('/api/voices/favorite');
export const voiceGetCall = callHandle<typeof calls.voiceGetCall>('/api/voices/get');
export const voiceListCall = callHandle<typeof calls.voiceListCall>('/api/voices/list');
export const voicePreviewCall = callHandle<typeof calls.voicePreviewCall>('/api/voices/preview');
