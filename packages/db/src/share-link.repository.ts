import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { jobs, shareLinks, type JobRow, type ShareLinkRow } from './schema/index.ts';

/** SQL for public share links. Who may do what is decided by the share service. */
export function createShareLinkRepository(db: Database) {
  return {
    async insert(values: { token: string; jobId: string; ownerId: string }): Promise<ShareLinkRow> {
      const [row] = await db.insert(shareLinks).values(values).returning();
      return row!;
    },

    async find(token: string): Promise<ShareLinkRow | undefined> {
      const [row] = await db.select().from(shareLinks).where(eq(shareLinks.token, token));
      return row;
    },

    /** An active (not revoked) link with its job, in one query. */
    async findActiveWithJob(token: string): Promise<{ link: ShareLinkRow; job: JobRow } | undefined> {
      const [row] = await db
        .select({ link: shareLinks, job: jobs })
        .from(shareLinks)
        .innerJoin(jobs, eq(jobs.id, shareLinks.jobId))
        .where(and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt)));
      return row;
    },

    async listActive(jobId: string, ownerId: string): Promise<ShareLinkRow[]> {
      return db
        .select()
        .from(shareLinks)
        .where(and(eq(shareLinks.jobId, jobId), eq(shareLinks.ownerId, ownerId), isNull(shareLinks.revokedAt)))
        .orderBy(desc(shareLinks.createdAt));
    },

    async countActive(jobId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(shareLinks)
        .where(and(eq(shareLinks.jobId, jobId), isNull(shareLinks.revokedAt)));
      return row?.total ?? 0;
    },

    /** Stamps `revoked_at` on the owner's active link; false when there is none. */
    async revoke(token: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .update(shareLinks)
        .set({ revokedAt: new Date() })
        .where(and(eq(shareLinks.token, token), eq(shareLinks.ownerId, ownerId), isNull(shareLinks.revokedAt)))
        .returning({ token: shareLinks.token });
      return rows.length > 0;
    },
  };
}

export type ShareLinkRepository = ReturnType<typeof createShareLinkRepository>;
