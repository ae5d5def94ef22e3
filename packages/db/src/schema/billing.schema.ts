import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A purchase of a plan period or a point pack, from checkout to fulfilment. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['plan', 'points'] }).notNull(),
    /** `pro:month`, `business:year`, `points-5000`… */
    productId: text('product_id').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled'] }).notNull().default('pending'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    /** What fulfilment granted: points and the plan's new end. */
    fulfilment: jsonb('fulfilment').$type<{ points: number; planId: string | null; expireTime: string | null }>(),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [index('orders_user_created_idx').on(table.userId, table.createdAt), index('orders_provider_ref_idx').on(table.providerRef)],
);

/** Every webhook event processed, by provider and event id: a repeated delivery is recognised and skipped. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

export type OrderRow = typeof orders.$inferSelect;
