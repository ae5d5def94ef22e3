import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/**
 * The calls browser code makes, as schema-free handles (path and types only) under the names of
 * their definitions: browser code imports them from `@voxwork/contract/client`, so zod stays out
 * of the browser bundles (decision 011). `call-handles.test.ts` checks every path against its
 * definition. Add a handle here when the web app starts making a call: the shell's calls first, then
 * one group per tool, headed by its catalogue id (the calls of `calls/<tool id>.calls.ts`).
 */
export const systemTimeCall = callHandle<typeof calls.systemTimeCall>('/api/system/time');
export const addressIpCall = callHandle<typeof calls.addressIpCall>('/api/address/ip');
export const addressInfoCall = callHandle<typeof calls.addressInfoCall>('/api/address/info');
export const logCreateCall = callHandle<typeof calls.logCreateCall>('/api/log/create');
export const getUserAccountCall = callHandle<typeof calls.getUserAccountCall>('/bill/userAccount/getUserAccount');
export const orderGetCall = callHandle<typeof calls.orderGetCall>('/api/payments/order/get');
export const shareGetCall = callHandle<typeof calls.shareGetCall>('/api/share/get');
export const authProvidersCall = callHandle<typeof calls.authProvidersCall>('/api/account/providers');
export const checkoutCreateCall = callHandle<typeof calls.checkoutCreateCall>('/api/payments/checkout/create');
export const feedbackCreateCall = callHandle<typeof calls.feedbackCreateCall>('/api/feedback/create');
export const jobCancelCall = callHandle<typeof calls.jobCancelCall>('/api/jobs/cancel');
export const jobDeleteCall = callHandle<typeof calls.jobDeleteCall>('/api/jobs/delete');
export const jobGetCall = callHandle<typeof calls.jobGetCall>('/api/jobs/get');
export const jobListCall = callHandle<typeof calls.jobListCall>('/api/jobs/list');
export const jobRenameCall = callHandle<typeof calls.jobRenameCall>('/api/jobs/rename');
export const passwordPolicyCall = callHandle<typeof calls.passwordPolicyCall>('/api/account/passwordPolicy');
export const pointPageListCall = callHandle<typeof calls.pointPageListCall>('/bill/point/consume/pageList');
export const redeemCodeCall = callHandle<typeof calls.redeemCodeCall>('/bill/userAccount/redeemCode');
export const shareCreateCall = callHandle<typeof calls.shareCreateCall>('/api/share/create');
export const shareListCall = callHandle<typeof calls.shareListCall>('/api/share/list');
export const shareRevokeCall = callHandle<typeof calls.shareRevokeCall>('/api/share/revoke');
export const apiKeyListCall = callHandle<typeof calls.apiKeyListCall>('/api/apiKeys/list');
export const apiKeyCreateCall = callHandle<typeof calls.apiKeyCreateCall>('/api/apiKeys/create');
export const apiKeyRevokeCall = callHandle<typeof calls.apiKeyRevokeCall>('/api/apiKeys/revoke');
export const webhookListCall = callHandle<typeof calls.webhookListCall>('/api/webhooks/list');
export const webhookCreateCall = callHandle<typeof calls.webhookCreateCall>('/api/webhooks/create');
export const webhookSetEnabledCall = callHandle<typeof calls.webhookSetEnabledCall>('/api/webhooks/setEnabled');
export const webhookDeleteCall = callHandle<typeof calls.webhookDeleteCall>('/api/webhooks/delete');
export const webhookDeliveriesCall = callHandle<typeof calls.webhookDeliveriesCall>('/api/webhooks/deliveries');
export const webhookRedeliverCall = callHandle<typeof calls.webhookRedeliverCall>('/api/webhooks/redeliver');
export const webhookTestCall = callHandle<typeof calls.webhookTestCall>('/api/webhooks/test');

// voices
export const voiceFavoriteCall = callHandle<typeof calls.voiceFavoriteCall>('/api/voices/favorite');
export const voiceGetCall = callHandle<typeof calls.voiceGetCall>('/api/voices/get');
export const voiceListCall = callHandle<typeof calls.voiceListCall>('/api/voices/list');
export const voicePreviewCall = callHandle<typeof calls.voicePreviewCall>('/api/voices/preview');

// text-to-speech
export const textToSpeechCreateCall = callHandle<typeof calls.textToSpeechCreateCall>('/api/text-to-speech/create');
export const textToSpeechDetectLanguageCall = callHandle<typeof calls.textToSpeechDetectLanguageCall>('/api/text-to-speech/detectLanguage');
export const textToSpeechPreviewCall = callHandle<typeof calls.textToSpeechPreviewCall>('/api/text-to-speech/preview');
export const pronunciationDeleteCall = callHandle<typeof calls.pronunciationDeleteCall>('/api/text-to-speech/pronunciations/delete');
export const pronunciationListCall = callHandle<typeof calls.pronunciationListCall>('/api/text-to-speech/pronunciations/list');
export const pronunciationSaveCall = callHandle<typeof calls.pronunciationSaveCall>('/api/text-to-speech/pronunciations/save');

// voice-cloning
export const voiceCloningCheckCall = callHandle<typeof calls.voiceCloningCheckCall>('/api/voice-cloning/check');
export const voiceCloningCreateCall = callHandle<typeof calls.voiceCloningCreateCall>('/api/voice-cloning/create');
export const voiceCloningDeleteCall = callHandle<typeof calls.voiceCloningDeleteCall>('/api/voice-cloning/delete');
export const voiceCloningRenameCall = callHandle<typeof calls.voiceCloningRenameCall>('/api/voice-cloning/rename');

// speech-to-speech
export const speechToSpeechCreateCall = callHandle<typeof calls.speechToSpeechCreateCall>('/api/speech-to-speech/create');

// video-translation
export const videoTranslationOptionsCall = callHandle<typeof calls.videoTranslationOptionsCall>('/api/video-translation/options');
export const uploadGetCall = callHandle<typeof calls.uploadGetCall>('/api/upload/get');
export const videoTranslationCreateCall = callHandle<typeof calls.videoTranslationCreateCall>('/api/video-translation/create');
export const videoTranslationReviewCall = callHandle<typeof calls.videoTranslationReviewCall>('/api/video-translation/review');
export const videoTranslationReviewSaveCall = callHandle<typeof calls.videoTranslationReviewSaveCall>('/api/video-translation/review/save');
export const videoTranslationRegenerateCall = callHandle<typeof calls.videoTranslationRegenerateCall>('/api/video-translation/review/regenerate');
export const videoTranslationFitCall = callHandle<typeof calls.videoTranslationFitCall>('/api/video-translation/review/fit');
export const videoTranslationApproveCall = callHandle<typeof calls.videoTranslationApproveCall>('/api/video-translation/review/approve');

// video-erasure
export const videoErasureOptionsCall = callHandle<typeof calls.videoErasureOptionsCall>('/api/video-erasure/options');
export const videoErasureDetectCall = callHandle<typeof calls.videoErasureDetectCall>('/api/video-erasure/detect');
export const videoErasurePreviewCall = callHandle<typeof calls.videoErasurePreviewCall>('/api/video-erasure/preview');
export const videoErasureCreateCall = callHandle<typeof calls.videoErasureCreateCall>('/api/video-erasure/create');

// subtitle-burn-in
export const subtitleBurnInOptionsCall = callHandle<typeof calls.subtitleBurnInOptionsCall>('/api/subtitle-burn-in/options');
export const subtitleBurnInCreateCall = callHandle<typeof calls.subtitleBurnInCreateCall>('/api/subtitle-burn-in/create');

// subtitle-extraction
export const subtitleExtractionOptionsCall = callHandle<typeof calls.subtitleExtractionOptionsCall>('/api/subtitle-extraction/options');
export const subtitleExtractionCreateCall = callHandle<typeof calls.subtitleExtractionCreateCall>('/api/subtitle-extraction/create');

// audio-separation
export const audioSeparationOptionsCall = callHandle<typeof calls.audioSeparationOptionsCall>('/api/audio-separation/options');
export const audioSeparationCreateCall = callHandle<typeof calls.audioSeparationCreateCall>('/api/audio-separation/create');

// avatar
export const avatarOptionsCall = callHandle<typeof calls.avatarOptionsCall>('/api/avatar/options');
export const avatarFacesCall = callHandle<typeof calls.avatarFacesCall>('/api/avatar/faces');
export const avatarPreviewCall = callHandle<typeof calls.avatarPreviewCall>('/api/avatar/preview');
export const avatarCreateCall = callHandle<typeof calls.avatarCreateCall>('/api/avatar/create');

// dubbing
export const dubbingOptionsCall = callHandle<typeof calls.dubbingOptionsCall>('/api/dubbing/options');
export const dubbingProjectListCall = callHandle<typeof calls.dubbingProjectListCall>('/api/dubbing/projects/list');
export const dubbingProjectCreateCall = callHandle<typeof calls.dubbingProjectCreateCall>('/api/dubbing/projects/create');
export const dubbingProjectGetCall = callHandle<typeof calls.dubbingProjectGetCall>('/api/dubbing/projects/get');
export const dubbingProjectStateCall = callHandle<typeof calls.dubbingProjectStateCall>('/api/dubbing/projects/state');
export const dubbingProjectRenameCall = callHandle<typeof calls.dubbingProjectRenameCall>('/api/dubbing/projects/rename');
export const dubbingProjectDuplicateCall = callHandle<typeof calls.dubbingProjectDuplicateCall>('/api/dubbing/projects/duplicate');
export const dubbingProjectDeleteCall = callHandle<typeof calls.dubbingProjectDeleteCall>('/api/dubbing/projects/delete');
export const dubbingEditCall = callHandle<typeof calls.dubbingEditCall>('/api/dubbing/edit');
export const dubbingVersionListCall = callHandle<typeof calls.dubbingVersionListCall>('/api/dubbing/versions/list');
export const dubbingVersionRestoreCall = callHandle<typeof calls.dubbingVersionRestoreCall>('/api/dubbing/versions/restore');
export const dubbingTranslateQuoteCall = callHandle<typeof calls.dubbingTranslateQuoteCall>('/api/dubbing/translate/quote');
export const dubbingTranslateCall = callHandle<typeof calls.dubbingTranslateCall>('/api/dubbing/translate');
export const dubbingSynthesizeQuoteCall = callHandle<typeof calls.dubbingSynthesizeQuoteCall>('/api/dubbing/synthesize/quote');
export const dubbingSynthesizeCall = callHandle<typeof calls.dubbingSynthesizeCall>('/api/dubbing/synthesize');
export const dubbingRecordCall = callHandle<typeof calls.dubbingRecordCall>('/api/dubbing/record');
export const dubbingExportCall = callHandle<typeof calls.dubbingExportCall>('/api/dubbing/export');
export const dubbingCastListCall = callHandle<typeof calls.dubbingCastListCall>('/api/dubbing/casts/list');
export const dubbingCastSaveCall = callHandle<typeof calls.dubbingCastSaveCall>('/api/dubbing/casts/save');
export const dubbingCastApplyCall = callHandle<typeof calls.dubbingCastApplyCall>('/api/dubbing/casts/apply');
export const dubbingCastDeleteCall = callHandle<typeof calls.dubbingCastDeleteCall>('/api/dubbing/casts/delete');

// series
export const seriesListCall = callHandle<typeof calls.seriesListCall>('/api/series/list');
export const seriesCreateCall = callHandle<typeof calls.seriesCreateCall>('/api/series/create');
export const seriesGetCall = callHandle<typeof calls.seriesGetCall>('/api/series/get');
export const seriesUpdateCall = callHandle<typeof calls.seriesUpdateCall>('/api/series/update');
export const seriesDeleteCall = callHandle<typeof calls.seriesDeleteCall>('/api/series/delete');
export const seriesEpisodesQuoteCall = callHandle<typeof calls.seriesEpisodesQuoteCall>('/api/series/episodes/quote');
export const seriesEpisodesAddCall = callHandle<typeof calls.seriesEpisodesAddCall>('/api/series/episodes/add');
export const seriesEpisodesListCall = callHandle<typeof calls.seriesEpisodesListCall>('/api/series/episodes/list');
export const seriesDownloadLinkCall = callHandle<typeof calls.seriesDownloadLinkCall>('/api/series/download-link');
