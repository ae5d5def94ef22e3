import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `video-erasure`'s calls (`calls/video-erasure.calls.ts`) the web app makes. */
export const videoErasureOptionsCall = callHandle<typeof calls.videoErasureOptionsCall>('/api/video-erasure/options');
export const videoErasureDetectCall = callHandle<typeof calls.videoErasureDetectCall>('/api/video-erasure/detect');
export const videoErasurePreviewCall = callHandle<typeof calls.videoErasurePreviewCall>('/api/video-erasure/preview');
export const videoErasureCreateCall = callHandle<typeof calls.videoErasureCreateCall>('/api/video-erasure/create');
