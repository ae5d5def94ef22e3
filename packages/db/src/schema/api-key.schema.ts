import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * API keys for the public REST surface (`/api/v1/…`, decision 037). The secret is shown once and
 * only its SHA-256 is kept (`secret_hash`, unique: the lookup of every call); `prefix` is the
 * secret's first characters, to tell keys apart in the account page. Revoking stamps
 * `revoked_at`; every call reads the row, so a revoke holds at once on every replica.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Tool ids of the catalogue the key may create jobs for. */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** A read-only key reads jobs, files, voices and the balance, and creates nothing. */
    access: text('access', { enum: ['read-write', 'read-only'] }).notNull().default('read-write'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_owner_idx').on(table.ownerId, table.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * `Idempotency-Key` of the REST creates: one row per owner and key, written in the same
 * transaction as the job it created, so a replay (even a concurrent one: the primary key decides)
 * finds the job instead of creating and charging a second. Rows older than a day are swept. `request_hash` is the SHA-256 of the
 * route and body: the same key with another body is a conflict.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    ownerId: text('owner_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /**
     * The job the key created. Claimed before the job row is written (first thing in the accepting
     * transaction, so a concurrent replay waits on the primary key instead of on the owner's slot
     * lock), hence no foreign key: a deleted job leaves a row that answers JOB_NOT_FOUND.
     */
    jobId: uuid('job_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.key] }), index('api_idempotency_keys_created_idx').on(table.createdAt)],
);

export type ApiIdempotencyKeyRow = typeof apiIdempotencyKeys.$inferSelect;
