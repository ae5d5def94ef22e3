import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/**
 * The calls browser code makes, as schema-free handles (path and types only) under the names of
 * their definitions: browser code imports them from `@voxwork/contract/client`, so zod stays out
 * of the browser bundles (decision 011). `call-handles.test.ts` checks every path against its
 * definition. Add a handle here when the web app starts making a call.
 */
export const systemTimeCall = callHandle<typeof calls.systemTimeCall>('/api/system/time');
export const addressIpCall = callHandle<typeof calls.addressIpCall>('/api/address/ip');
export const addressInfoCall = callHandle<typeof calls.addressInfoCall>('/api/address/info');
export const logCreateCall = callHandle<typeof calls.logCreateCall>('/api/log/create');
export const getUserAccountCall = callHandle<typeof calls.getUserAccountCall>('/bill/userAccount/getUserAccount');
export const orderGetCall = callHandle<typeof calls.orderGetCall>('/api/payments/order/get');
export const shareGetCall = callHandle<typeof calls.shareGetCall>('/api/share/get');
