import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `voice-cloning`'s calls (`calls/voice-cloning.calls.ts`) the web app makes. */
export const voiceCloningCheckCall = callHandle<typeof calls.voiceCloningCheckCall>('/api/voice-cloning/check');
export const voiceCloningCreateCall = callHandle<typeof calls.voiceCloningCreateCall>('/api/voice-cloning/create');
export const voiceCloningDeleteCall = callHandle<typeof calls.voiceCloningDeleteCall>('/api/voice-cloning/delete');
export const voiceCloningRenameCall = callHandle<typeof calls.voiceCloningRenameCall>('/api/voice-cloning/rename');
