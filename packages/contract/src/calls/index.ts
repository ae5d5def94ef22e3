import type { CallDefinition } from '../call.ts';
import { authProvidersCall, getUserAccountCall, passwordPolicyCall, pointPageListCall, redeemCodeCall } from './account.calls.ts';
import { jobCancelCall, jobDeleteCall, jobGetCall, jobListCall, jobRenameCall, jobRerunStageCall } from './job.calls.ts';
import { checkoutCreateCall, orderGetCall, orderListCall } from './payments.calls.ts';
import { giftCodesCreateCall, giftCodesDisableCall, giftCodesListCall, pointsAdjustCall } from './operator.calls.ts';
import { feedbackCreateCall } from './feedback.calls.ts';
import { selfCheckCreateCall, selfCheckGetCall, systemTimeCall } from './system.calls.ts';
import { addressInfoCall, addressIpCall } from './address.calls.ts';
import { uploadDeleteCall, uploadGetCall, uploadLimitsCall, uploadListCall } from './upload.calls.ts';
import { shareCreateCall, shareGetCall, shareListCall, shareRevokeCall } from './share.calls.ts';
import { apiKeyCreateCall, apiKeyListCall, apiKeyRevokeCall } from './api-keys.calls.ts';
import { webhookCreateCall, webhookDeleteCall, webhookDeliveriesCall, webhookListCall, webhookRedeliverCall, webhookSetEnabledCall, webhookTestCall } from './webhooks.calls.ts';
import { voiceFavoriteCall, voiceGetCall, voiceListCall, voicePreviewCall } from './voices.calls.ts';
import {
  pronunciationDeleteCall,
  pronunciationListCall,
  pronunciationSaveCall,
  ttsCreateCall,
  ttsDetectLanguageCall,
  ttsPreviewCall,
} from './text-to-speech.calls.ts';
import { voiceCloneCheckCall, voiceCloneCreateCall, voiceCloneDeleteCall, voiceCloneRenameCall } from './voice-cloning.calls.ts';
import { stsCreateCall } from './speech-to-speech.calls.ts';
import { videoTranslationApproveCall, videoTranslationCreateCall, videoTranslationFitCall, videoTranslationOptionsCall, videoTranslationRegenerateCall, videoTranslationReviewCall, videoTranslationReviewSaveCall } from './video-translation.calls.ts';
import { videoErasureCreateCall, videoErasureDetectCall, videoErasureOptionsCall, videoErasurePreviewCall } from './video-erasure.calls.ts';
import { subtitleExtractionCreateCall, subtitleExtractionOptionsCall } from './subtitle-extraction.calls.ts';
import { subtitleBurnInCreateCall, subtitleBurnInOptionsCall } from './subtitle-burn-in.calls.ts';
import { audioSeparationCreateCall, audioSeparationOptionsCall } from './audio-separation.calls.ts';
import { avatarCreateCall, avatarFacesCall, avatarOptionsCall, avatarPreviewCall } from './avatar.calls.ts';
import {
  dubbingCastApplyCall,
  dubbingCastDeleteCall,
  dubbingCastListCall,
  dubbingCastSaveCall,
  dubbingEditCall,
  dubbingExportCall,
  dubbingOptionsCall,
  dubbingProjectCreateCall,
  dubbingProjectDeleteCall,
  dubbingProjectDuplicateCall,
  dubbingProjectGetCall,
  dubbingProjectListCall,
  dubbingProjectRenameCall,
  dubbingProjectStateCall,
  dubbingRecordCall,
  dubbingSynthesizeCall,
  dubbingSynthesizeQuoteCall,
  dubbingTranslateCall,
  dubbingTranslateQuoteCall,
  dubbingVersionListCall,
  dubbingVersionRestoreCall,
} from './dubbing.calls.ts';
import { seriesCalls } from './series.calls.ts';
import { logCreateCall, logRecentCall, logReportCall, logStatsCall } from './analytics.calls.ts';

export * from './account.calls.ts';
export * from './operator.calls.ts';
export * from './payments.calls.ts';
export * from './job.calls.ts';
export * from './system.calls.ts';
export * from './feedback.calls.ts';
export * from './address.calls.ts';
export * from './analytics.calls.ts';
export * from './upload.calls.ts';
export * from './share.calls.ts';
export * from './api-keys.calls.ts';
export * from './webhooks.calls.ts';
// One file per tool, named after its catalogue id.
export * from './voices.calls.ts';
export * from './text-to-speech.calls.ts';
export * from './voice-cloning.calls.ts';
export * from './speech-to-speech.calls.ts';
export * from './video-translation.calls.ts';
export * from './video-erasure.calls.ts';
export * from './subtitle-extraction.calls.ts';
export * from './subtitle-burn-in.calls.ts';
export * from './audio-separation.calls.ts';
export * from './avatar.calls.ts';
export * from './dubbing.calls.ts';
export * from './series.calls.ts';

/** Every business call of the product, for the server's router and the OpenAPI document. */
export const allCalls: readonly CallDefinition[] = [
  getUserAccountCall,
  pointPageListCall,
  redeemCodeCall,
  passwordPolicyCall,
  authProvidersCall,
  giftCodesCreateCall,
  giftCodesListCall,
  giftCodesDisableCall,
  pointsAdjustCall,
  checkoutCreateCall,
  orderGetCall,
  orderListCall,
  jobListCall,
  jobGetCall,
  jobCancelCall,
  jobRenameCall,
  jobDeleteCall,
  jobRerunStageCall,
  systemTimeCall, selfCheckCreateCall, selfCheckGetCall,
  addressIpCall, addressInfoCall, logCreateCall, logStatsCall, logRecentCall, logReportCall, feedbackCreateCall,
  uploadLimitsCall, uploadGetCall, uploadListCall, uploadDeleteCall,
  shareCreateCall, shareListCall, shareRevokeCall, shareGetCall,
  apiKeyListCall, apiKeyCreateCall, apiKeyRevokeCall,
  webhookListCall, webhookCreateCall, webhookSetEnabledCall, webhookDeleteCall, webhookDeliveriesCall, webhookRedeliverCall, webhookTestCall,
  // voices
  voiceListCall, voiceGetCall, voiceFavoriteCall, voicePreviewCall,
  // text-to-speech
  ttsCreateCall, ttsPreviewCall, ttsDetectLanguageCall,
  pronunciationListCall, pronunciationSaveCall, pronunciationDeleteCall,
  // voice-cloning
  voiceCloneCheckCall, voiceCloneCreateCall, voiceCloneRenameCall, voiceCloneDeleteCall,
  // speech-to-speech
  stsCreateCall,
  // video-translation
  videoTranslationOptionsCall, videoTranslationCreateCall, videoTranslationReviewCall, videoTranslationReviewSaveCall, videoTranslationRegenerateCall, videoTranslationFitCall, videoTranslationApproveCall,
  // video-erasure
  videoErasureOptionsCall, videoErasureDetectCall, videoErasurePreviewCall, videoErasureCreateCall,
  // subtitle-extraction
  subtitleExtractionOptionsCall, subtitleExtractionCreateCall,
  // subtitle-burn-in
  subtitleBurnInOptionsCall, subtitleBurnInCreateCall,
  // audio-separation
  audioSeparationOptionsCall, audioSeparationCreateCall,
  // avatar
  avatarOptionsCall, avatarFacesCall, avatarPreviewCall, avatarCreateCall,
  // dubbing
  dubbingOptionsCall, dubbingProjectListCall, dubbingProjectCreateCall, dubbingProjectGetCall, dubbingProjectStateCall, dubbingProjectRenameCall, dubbingProjectDuplicateCall, dubbingProjectDeleteCall,
  dubbingEditCall, dubbingVersionListCall, dubbingVersionRestoreCall,
  dubbingTranslateQuoteCall, dubbingTranslateCall, dubbingSynthesizeQuoteCall, dubbingSynthesizeCall, dubbingRecordCall, dubbingExportCall,
  dubbingCastListCall, dubbingCastSaveCall, dubbingCastApplyCall, dubbingCastDeleteCall,
  ...seriesCalls];
