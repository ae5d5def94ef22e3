import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `subtitle-extraction`'s calls (`calls/subtitle-extraction.calls.ts`) the web app makes. */
export const subtitleExtractionOptionsCall = callHandle<typeof calls.subtitleExtractionOptionsCall>('/api/subtitle-extraction/options');
export const subtitleExtractionCreateCall = callHandle<typeof calls.subtitleExtractionCreateCall>('/api/subtitle-extraction/create');
