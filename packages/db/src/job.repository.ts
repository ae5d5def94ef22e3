import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from './open-database.ts';
import { jobs, type JobRow, type NewJobRow } from './schema/index.ts';

/** SQL for the jobs table. No business rules: state transitions are decided by the job service. */
export function createJobRepository(db: Database) {
  return {
    async insert(values: NewJobRow): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(values).returning();
      return row!;
    },

    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    async findRunning(): Promise<Pick<JobRow, 'id' | 'type'>[]> {
      return db.select({ id: jobs.id, type: jobs.type }).from(jobs).where(eq(jobs.status, 'running'));
    },

    /** Marks an attempt as started; returns undefined when the job is already finished. */
    async startAttempt(id: string): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          startedAt: sql`coalesce(${jobs.startedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), sql`${jobs.status} in ('queued', 'running')`))
        .returning();
      return row;
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db
        .update(jobs)
        .set({ progress, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
    },

    /** Finishes a job exactly once: a second call (a re-run after a crash) changes nothing and returns false. */
    async complete(id: string, output: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          status: 'completed',
          progress: 100,
          output,
          error: null,
          completions: sql`${jobs.completions} + 1`,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), ne(jobs.status, 'completed'), ne(jobs.status, 'cancelled')))
        .returning({ id: jobs.id });
      return rows.length === 1;
    },

    async fail(id: string, error: { code: number; message: string }, final: boolean): Promise<void> {
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` }
            : { status: 'queued', error, updatedAt: sql`now()` },
        )
        .where(and(eq(jobs.id, id), ne(jobs.status, 'completed'), ne(jobs.status, 'cancelled')));
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
