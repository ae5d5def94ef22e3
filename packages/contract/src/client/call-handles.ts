import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/**
 * The calls browser code makes, as schema-free handles (path and types only) under the names of
 * their definitions: browser code imports them from `@voxwork/contract/client`, so zod stays out
 * of the browser bundles (decision 011). `call-handles.test.ts` checks every path against its
 * definition. Add a handle when the web app starts making a call: the shell's calls here, a tool's
 * in its own `<tool id>.handles.ts` (the calls of `calls/<tool id>.calls.ts`).
 */
export const systemTimeCall = callHandle<typeof calls.systemTimeCall>('/api/system/time');
export const addressIpCall = callHandle<typeof calls.addressIpCall>('/api/address/ip');
export const addressInfoCall = callHandle<typeof calls.addressInfoCall>('/api/address/info');
export const logCreateCall = callHandle<typeof calls.logCreateCall>('/api/log/create');
export const getUserAccountCall = callHandle<typeof calls.getUserAccountCall>('/bill/userAccount/getUserAccount');
export const orderGetCall = callHandle<typeof calls.orderGetCall>('/api/payments/order/get');
export const shareGetCall = callHandle<typeof calls.shareGetCall>('/api/share/get');
export const uploadGetCall = callHandle<typeof calls.uploadGetCall>('/api/upload/get');
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

// Each tool's handles: `<tool id>.handles.ts` in this folder, listed by the generated file (decision 068).
export * from './tool-handles.generated.ts';
