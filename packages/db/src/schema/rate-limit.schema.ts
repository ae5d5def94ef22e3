import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every replica: one row per key (`{rule}:{subject}`, e.g.
 * `feedback:ip:203.0.113.7`), a sliding window made of the current fixed window's count and the
 * previous one's. Updated by one atomic upsert per hit (rate-limit.repository.ts); rows whose
 * windows are over are deleted by the sweeper (`expires_at`).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    /** Which fixed window `count` belongs to: floor(epoch ms / window ms). */
    windowIndex: bigint('window_index', { mode: 'number' }).notNull(),
    /** Hits allowed in the current window. */
    count: integer('count').notNull(),
    /** Hits allowed in the window before it (weighted by its overlap with the sliding window). */
    previousCount: integer('previous_count').notNull().default(0),
    /** Whether the last hit was allowed (read back by the same statement that decided it). */
    lastAllowed: boolean('last_allowed').notNull(),
    /** After this the row says nothing any more (two windows after its current one began). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);

export type RateLimitCounterRow = typeof rateLimitCounters.$inferSelect;
