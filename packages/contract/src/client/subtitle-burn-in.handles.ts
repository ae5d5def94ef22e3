import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `subtitle-burn-in`'s calls (`calls/subtitle-burn-in.calls.ts`) the web app makes. */
export const subtitleBurnInOptionsCall = callHandle<typeof calls.subtitleBurnInOptionsCall>('/api/subtitle-burn-in/options');
export const subtitleBurnInCreateCall = callHandle<typeof calls.subtitleBurnInCreateCall>('/api/subtitle-burn-in/create');
