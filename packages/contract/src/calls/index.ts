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
import type { ToolId } from '../tools/tool-catalogue.ts';
import { voicesCalls } from './voices.calls.ts';
import { textToSpeechCalls } from './text-to-speech.calls.ts';
import { voiceCloningCalls } from './voice-cloning.calls.ts';
import { speechToSpeechCalls } from './speech-to-speech.calls.ts';
import { videoTranslationCalls } from './video-translation.calls.ts';
import { videoErasureCalls } from './video-erasure.calls.ts';
import { subtitleExtractionCalls } from './subtitle-extraction.calls.ts';
import { subtitleBurnInCalls } from './subtitle-burn-in.calls.ts';
import { audioSeparationCalls } from './audio-separation.calls.ts';
import { avatarCalls } from './avatar.calls.ts';
import { dubbingCalls } from './dubbing.calls.ts';
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

/** Each tool's calls (a tool of the catalogue without its list does not compile), in the order the OpenAPI document lists them. */
export const TOOL_CALLS = {
  voices: voicesCalls,
  'text-to-speech': textToSpeechCalls,
  'voice-cloning': voiceCloningCalls,
  'speech-to-speech': speechToSpeechCalls,
  'video-translation': videoTranslationCalls,
  'video-erasure': videoErasureCalls,
  'subtitle-extraction': subtitleExtractionCalls,
  'subtitle-burn-in': subtitleBurnInCalls,
  'audio-separation': audioSeparationCalls,
  avatar: avatarCalls,
  dubbing: dubbingCalls,
  series: seriesCalls,
} as const satisfies Record<ToolId, readonly CallDefinition[]>;

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
  ...Object.values(TOOL_CALLS).flat(),
];
