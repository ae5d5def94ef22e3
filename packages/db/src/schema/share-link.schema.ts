import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './job.schema.ts';

/**
 * Public links to a job's results. The token (32 random bytes, base64url) is the whole secret of a
 * link; the owner can read it back to copy the link again, and revoking stamps `revoked_at`.
 * Deleting the job deletes its links (cascade), so a deleted result is never reachable.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    token: text('token').primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('share_links_job_idx').on(table.jobId, table.createdAt)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
