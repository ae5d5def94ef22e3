import { z } from 'zod';
import { defineCall } from '../call.ts';
import { singleLineText } from '../input-schemas.ts';

/**
 * Webhooks of the public API (issue 19, decision 038): endpoints the account page (signed calls)
 * and `/api/v1/webhooks` (API keys) manage, the deliveries made to them and their attempts.
 */

/**
 * Events an endpoint may subscribe to. (`test` is sent by "Send test event" only.) A series episode's
 * event comes once, when every run of the episode has ended: `completed` when all completed,
 * `failed` otherwise (decision 061).
 */
export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'points.low', 'series.episode.completed', 'series.episode.failed'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookEventType = WebhookEvent | 'test';

/** Endpoints per user at most (enabled or not); delete one to add another. */
export const WEBHOOK_ENDPOINTS_PER_USER = 5;
/** Deliveries an endpoint's log shows. */
export const WEBHOOK_LOG_SIZE = 20;
/** The signing secret's prefix (Stripe's convention: a reader knows what the string is). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** An http(s) URL without credentials, at most 2,000 characters; whether its host may be reached is checked by the server. */
export const webhookUrlSchema = singleLineText({ min: 1, max: 2000, trim: true }).refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL without a user name or password');

export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

export const webhookAttemptViewSchema = z.object({
  number: z.number().int(),
  at: z.string(),
  durationMs: z.number().int(),
  /** The receiver's HTTP status, or null when no answer came (then `error` says why). */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  /** `pending` (waiting for its next attempt), `delivered` (a 2xx answer), `failed` (given up after 24 hours). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(webhookAttemptViewSchema),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookCreateBodySchema = z
  .object({
    url: webhookUrlSchema,
    events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length),
  })
  .strict();
export const webhookCreatedSchema = z.object({ endpoint: webhookEndpointViewSchema, secret: z.string() });
export const webhookUpdateBodySchema = z.object({ enabled: z.boolean() }).strict();

const endpointId = z.object({ id: z.uuid() }).strict();

export const webhookListCall = defineCall({
  path: '/api/webhooks/list',
  summary: 'The caller’s webhook endpoints, newest first. Secrets are never returned.',
  tag: 'webhooks',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ list: z.array(webhookEndpointViewSchema) }),
});

export const webhookCreateCall = defineCall({
  path: '/api/webhooks/create',
  summary: 'Add a webhook endpoint: its signing secret (`whsec_…`) is in this answer only.',
  tag: 'webhooks',
  access: 'user',
  body: webhookCreateBodySchema,
  data: webhookCreatedSchema,
});

export const webhookSetEnabledCall = defineCall({
  path: '/api/webhooks/setEnabled',
  summary: 'Turn an endpoint on or off; a disabled endpoint gets no new deliveries.',
  tag: 'webhooks',
  access: 'user',
  body: endpointId.extend({ enabled: z.boolean() }).strict(),
  data: webhookEndpointViewSchema,
});

export const webhookDeleteCall = defineCall({
  path: '/api/webhooks/delete',
  summary: 'Delete an endpoint and its delivery log.',
  tag: 'webhooks',
  access: 'user',
  body: endpointId,
  data: z.object({ ok: z.literal(true) }),
});

export const webhookDeliveriesCall = defineCall({
  path: '/api/webhooks/deliveries',
  summary: 'An endpoint’s latest deliveries, newest first, with every attempt.',
  tag: 'webhooks',
  access: 'user',
  body: endpointId,
  data: z.object({ list: z.array(webhookDeliveryViewSchema) }),
});

export const webhookRedeliverCall = defineCall({
  path: '/api/webhooks/redeliver',
  summary: 'Send a delivery again now (one more attempt, logged).',
  tag: 'webhooks',
  access: 'user',
  body: z.object({ deliveryId: z.uuid() }).strict(),
  data: webhookDeliveryViewSchema,
});

export const webhookTestCall = defineCall({
  path: '/api/webhooks/test',
  summary: 'Send a `test` event to an endpoint now (logged like any delivery).',
  tag: 'webhooks',
  access: 'user',
  body: endpointId,
  data: webhookDeliveryViewSchema,
});
