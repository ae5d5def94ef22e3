import type { CallDefinition } from '../call.ts';
import { TOOL_CALLS } from './tool-calls.generated.ts';
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
// Schemas more than one tool's calls use.
export * from './subtitle-track.schema.ts';
// One file per tool, named after its catalogue id: its exports and `TOOL_CALLS`, `API_JOB_CALLS` come from the generated list (decision 068).
export * from './tool-calls.generated.ts';

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
