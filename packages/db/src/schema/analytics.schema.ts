import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per analytics event (spec §3), appended in batches by the ingest buffer. The columns are
 * the ones reports group by; the whole validated event is kept in `payload`.
 * Append-only; a later issue may partition it by month (`event_time`) when it grows.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's `timestamp` (ms) as a time. */
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    eventName: text('event_name').notNull(),
    /** `log` (POST /log) or `create` (POST /api/log/create). */
    ingest: text('ingest', { enum: ['log', 'create'] }).notNull(),
    pid: text('pid'),
    tag: text('tag'),
    userId: text('user_id'),
    language: text('language'),
    path: text('path'),
    trafficSource: text('traffic_source'),
    country: text('country'),
    /** The address the request came from (after trusted proxies), not the one the client claims. */
    remoteIp: text('remote_ip'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('analytics_events_time_idx').on(table.eventTime),
    index('analytics_events_name_time_idx').on(table.eventName, table.eventTime),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
