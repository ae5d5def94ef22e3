import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Webhook endpoints of the public API (issue 19, decision 038): a URL the owner's events are
 * POSTed to, the events it subscribes to, and the secret the server signs each delivery with
 * (`whsec_…`, kept as it was generated: the server must have it to sign; see the decision).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull(),
    url: text('url').notNull(),
    /** Event types: `job.succeeded`, `job.failed`, `points.low`. */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_owner_idx').on(table.ownerId, table.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event to deliver to one endpoint: written in the transaction that ends the job (or charges
 * the points), so it exists exactly when the event happened, and delivered from here by the
 * worker's loop. `next_attempt_at` is when a worker may take it (a worker taking it pushes it
 * forward by a lease first, so a process killed mid-request leaves it to be taken again).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** The event's id (`evt_…`): the same for every endpoint the event goes to. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The body's JSON, as sent on every attempt. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt), index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every attempt at a delivery: when, how long, and the answer (an HTTP status, or the network error). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.number)],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
