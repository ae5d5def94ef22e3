import { apiKeyCreateCall, apiKeyListCall, apiKeyRevokeCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** The account page's API keys (signed calls of the web app): list, create (the secret answered once), revoke. */
export const apiKeysArea: Area = {
  name: 'api-keys',
  calls: ({ services: { apiKeys } }) => [
    bindCall(apiKeyListCall, async (_body, context) => ({ list: await apiKeys.list(requireUserId(context)) })),
    bindCall(apiKeyCreateCall, async (body, context) => apiKeys.create(requireUserId(context), body)),
    bindCall(apiKeyRevokeCall, async (body, context) => {
      await apiKeys.revoke(requireUserId(context), body.id);
      return { ok: true as const };
    }),
  ],
};
