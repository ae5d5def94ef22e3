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
import {
  pronunciationDeleteCall,
  pronunciationListCall,
  pronunciationSaveCall,
  stsCreateCall,
  ttsCreateCall,
  ttsDetectLanguageCall,
  ttsPreviewCall,
  voiceCloneCheckCall,
  voiceCloneCreateCall,
  voiceCloneDeleteCall,
  voiceCloneRenameCall,
  voiceFavoriteCall,
  voiceGetCall,
  voiceListCall,
  voicePreviewCall,
} from './speech.calls.ts';
import { logCreateCall, logRecentCall, logReportCall, logStatsCall } from './analytics.calls.ts';
import { videoTranslationCreateCall, videoTranslationOptionsCall } from './video-translation.calls.ts';

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
export * from './speech.calls.ts';
export * from './video-translation.calls.ts';

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
  voiceListCall, voiceGetCall, voiceFavoriteCall, voicePreviewCall,
  ttsCreateCall, ttsPreviewCall, ttsDetectLanguageCall,
  pronunciationListCall, pronunciationSaveCall, pronunciationDeleteCall,
  voiceCloneCheckCall, voiceCloneCreateCall, voiceCloneRenameCall, voiceCloneDeleteCall,
  stsCreateCall,
  videoTranslationOptionsCall, videoTranslationCreateCall];
