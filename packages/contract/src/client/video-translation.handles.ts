import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `video-translation`'s calls (`calls/video-translation.calls.ts`) the web app makes. */
export const videoTranslationOptionsCall = callHandle<typeof calls.videoTranslationOptionsCall>('/api/video-translation/options');
export const videoTranslationCreateCall = callHandle<typeof calls.videoTranslationCreateCall>('/api/video-translation/create');
export const videoTranslationReviewCall = callHandle<typeof calls.videoTranslationReviewCall>('/api/video-translation/review');
export const videoTranslationReviewSaveCall = callHandle<typeof calls.videoTranslationReviewSaveCall>('/api/video-translation/review/save');
export const videoTranslationRegenerateCall = callHandle<typeof calls.videoTranslationRegenerateCall>('/api/video-translation/review/regenerate');
export const videoTranslationFitCall = callHandle<typeof calls.videoTranslationFitCall>('/api/video-translation/review/fit');
export const videoTranslationApproveCall = callHandle<typeof calls.videoTranslationApproveCall>('/api/video-translation/review/approve');
