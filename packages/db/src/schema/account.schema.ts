import { sql } from 'drizzle-orm';
import { POINT_ENTRY_TYPES, type PointEntryKind } from '@voxwork/contract';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Points and plan of a user. Balances are maintained in the same transaction as every ledger
 * entry; the checks make a negative balance or a broken total impossible at the database level.
 */
export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: text('user_id').primaryKey(),
    planId: text('plan_id', { enum: ['free', 'pro', 'business'] }).notNull().default('free'),
    vipLevel: integer('vip_level').notNull().default(0),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    availablePoint: integer('available_point').notNull().default(0),
    freezePoint: integer('freeze_point').notNull().default(0),
    totalPoint: integer('total_point').notNull().default(0),
    /** End of the paid plan; null for free. */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    /** Start of the month the monthly grant and `vtUseLimit` count from. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull().defaultNow(),
    vtUsed: integer('vt_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_accounts_available_nonnegative', sql`${table.availablePoint} >= 0`),
    check('user_accounts_freeze_nonnegative', sql`${table.freezePoint} >= 0`),
    check('user_accounts_total_consistent', sql`${table.totalPoint} = ${table.availablePoint} + ${table.freezePoint}`),
  ],
);

export type PointEntryType = PointEntryKind;

/**
 * Append-only points ledger. `availableDelta` and `freezeDelta` are the changes this entry made;
 * the `*After` columns are the balances right after it. Every entry has an idempotency key, so a
 * retried operation finds its first entry instead of writing a second one.
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id').notNull(),
    type: text('type', { enum: POINT_ENTRY_TYPES }).notNull(),
    availableDelta: integer('available_delta').notNull(),
    freezeDelta: integer('freeze_delta').notNull().default(0),
    availableAfter: integer('available_after').notNull(),
    freezeAfter: integer('freeze_after').notNull(),
    jobId: uuid('job_id'),
    reference: text('reference'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('point_entries_idempotency_key_idx').on(table.idempotencyKey),
    index('point_entries_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Points frozen for one job: held → settled (charged) or released (refunded), exactly once. */
export const pointHolds = pgTable(
  'point_holds',
  {
    jobId: uuid('job_id').primaryKey(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['held', 'settled', 'released'] }).notNull().default('held'),
    charged: integer('charged'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('point_holds_status_created_idx').on(table.status, table.createdAt), check('point_holds_amount_positive', sql`${table.amount} > 0`)],
);

/** Gift codes: points and/or VIP days, single- or multi-use, with expiry and a per-user limit. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    code: text('code').primaryKey(),
    batchId: text('batch_id').notNull(),
    points: integer('points').notNull().default(0),
    planId: text('plan_id', { enum: ['pro', 'business'] }),
    vipDays: integer('vip_days').notNull().default(0),
    maxRedemptions: integer('max_redemptions').notNull().default(1),
    redemptions: integer('redemptions').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_codes_batch_idx').on(table.batchId),
    check('gift_codes_redemptions_within_max', sql`${table.redemptions} <= ${table.maxRedemptions}`),
    check('gift_codes_grants_something', sql`${table.points} > 0 OR ${table.vipDays} > 0`),
  ],
);

export const giftCodeRedemptions = pgTable(
  'gift_code_redemptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    userId: text('user_id').notNull(),
    grant: jsonb('grant').$type<{ points: number; planId: string | null; vipDays: number }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('gift_code_redemptions_code_user_idx').on(table.code, table.userId)],
);

export type UserAccountRow = typeof userAccounts.$inferSelect;
export type PointEntryRow = typeof pointEntries.$inferSelect;
export type PointHoldRow = typeof pointHolds.$inferSelect;
export type GiftCodeRow = typeof giftCodes.$inferSelect;
