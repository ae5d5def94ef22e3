import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `audio-separation`'s calls (`calls/audio-separation.calls.ts`) the web app makes. */
export const audioSeparationOptionsCall = callHandle<typeof calls.audioSeparationOptionsCall>('/api/audio-separation/options');
export const audioSeparationCreateCall = callHandle<typeof calls.audioSeparationCreateCall>('/api/audio-separation/create');
