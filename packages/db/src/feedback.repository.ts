import { desc } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { feedback, type FeedbackRow, type NewFeedbackRow } from './schema/index.ts';

/** SQL for the feedback table. */
export function createFeedbackRepository(db: Database) {
  return {
    async insert(values: NewFeedbackRow): Promise<FeedbackRow> {
      const [row] = await db.insert(feedback).values(values).returning();
      return row!;
    },

    async latest(limit: number): Promise<FeedbackRow[]> {
      return db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit);
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
