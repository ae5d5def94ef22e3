import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per finished upload (small form upload or tus). A `ready` row has a stored file at
 * `storage_key`; a `rejected` row records why the content was refused (its file is gone).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    status: text('status', { enum: ['ready', 'rejected'] }).notNull(),
    storageKey: text('storage_key'),
    /** The name the user gave, sanitised (no path parts, no control characters, length-capped). */
    originalName: text('original_name').notNull(),
    kind: text('kind', { enum: ['video', 'audio', 'image'] }),
    mime: text('mime'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    durationSeconds: real('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    hasAudio: boolean('has_audio'),
    errorCode: integer('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_owner_created_idx').on(table.ownerId, table.createdAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
