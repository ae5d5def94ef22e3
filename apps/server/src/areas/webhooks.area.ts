import { webhookCreateCall, webhookDeleteCall, webhookDeliveriesCall, webhookListCall, webhookRedeliverCall, webhookSetEnabledCall, webhookTestCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** The account page's webhooks (signed calls of the web app): endpoints, their delivery log, send again, test event (decision 038). */
export const webhooksArea: Area = {
  name: 'webhooks',
  calls: ({ services: { webhooks } }) => [
    bindCall(webhookListCall, async (_body, context) => ({ list: await webhooks.list(requireUserId(context)) })),
    bindCall(webhookCreateCall, async (body, context) => webhooks.create(requireUserId(context), body)),
    bindCall(webhookSetEnabledCall, async (body, context) => webhooks.setEnabled(requireUserId(context), body.id, body.enabled)),
    bindCall(webhookDeleteCall, async (body, context) => {
      await webhooks.remove(requireUserId(context), body.id);
      return { ok: true as const };
    }),
    bindCall(webhookDeliveriesCall, async (body, context) => ({ list: await webhooks.deliveries(requireUserId(context), body.id) })),
    bindCall(webhookRedeliverCall, async (body, context) => webhooks.redeliver(requireUserId(context), body.deliveryId)),
    bindCall(webhookTestCall, async (body, context) => webhooks.sendTest(requireUserId(context), body.id)),
  ],
};
