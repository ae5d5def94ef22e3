import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { StoredJobError } from '@voxwork/contract';
import type { Database } from './open-database.ts';
import { createPointsRepository, type PointsRepository } from './points.repository.ts';
import { createWebhookRepository, type WebhookRepository } from './webhook.repository.ts';
import { createSeriesRepository, type SeriesRepository } from './series.repository.ts';
import { apiIdempotencyKeys, jobs, jobStages, type ApiIdempotencyKeyRow, type JobRow, type JobStageRow, type NewJobRow } from './schema/index.ts';

const FINAL = ['completed', 'failed', 'cancelled'] as const;

/** SQL for jobs and their stages. No business rules: transitions are decided by the job service. */
export function createJobRepository(db: Database): JobRepository {
  return {
    ...jobQueries(db),
    transaction: (work) =>
      db.transaction((tx) => {
        const bound = tx as unknown as Database;
        return work({ jobs: createJobRepository(bound), points: createPointsRepository(bound), webhooks: createWebhookRepository(bound), series: createSeriesRepository(bound) });
      }),
  };
}

export type JobRepository = ReturnType<typeof jobQueries> & {
  transaction<T>(work: (tx: JobTransaction) => Promise<T>): Promise<T>;
};

/** What a job transaction can write: the job, its points, the webhook deliveries its end causes, and the end of a series episode it completes. */
export type JobTransaction = { jobs: JobRepository; points: PointsRepository; webhooks: WebhookRepository; series: SeriesRepository };

export interface JobListFilter {
  ownerId: string;
  types?: string[];
  statuses?: JobRow['status'][];
  page: number;
  pageSize: number;
}

function jobQueries(db: Database) {
  return {
    async insert(values: NewJobRow, stageNames: readonly string[] = []): Promise<JobRow> {
      const [row] = await db.insert(jobs).values(values).returning();
      if (stageNames.length) await db.insert(jobStages).values(stageNames.map((name, position) => ({ jobId: row!.id, name, position })));
      return row!;
    },

    async findById(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    async lock(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).for('update');
      return row;
    },

    async findRunning(): Promise<Pick<JobRow, 'id' | 'type'>[]> {
      return db.select({ id: jobs.id, type: jobs.type }).from(jobs).where(eq(jobs.status, 'running'));
    },

    async list(filter: JobListFilter): Promise<{ total: number; items: JobRow[] }> {
      const where = and(
        eq(jobs.ownerId, filter.ownerId),
        filter.types?.length ? inArray(jobs.type, filter.types) : undefined,
        filter.statuses?.length ? inArray(jobs.status, filter.statuses) : undefined,
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(jobs).where(where);
      const items = await db
        .select()
        .from(jobs)
        .where(where)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return { total, items };
    },

    /**
     * Serialises slot decisions for one owner until the transaction ends (a transaction-level
     * advisory lock): counting and admitting jobs of the same owner never interleave.
     */
    async lockOwnerSlots(ownerId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`voxwork:job-slots:${ownerId}`}, 0))`);
    },

    /** An owner's unfinished jobs of `types`: those holding a run slot and those waiting for one. */
    async slotUsage(ownerId: string, types: readonly string[]): Promise<{ admitted: number; waiting: number }> {
      const [row] = await db
        .select({
          admitted: sql<number>`count(*) filter (where ${jobs.admittedAt} is not null)`.mapWith(Number),
          waiting: sql<number>`count(*) filter (where ${jobs.admittedAt} is null)`.mapWith(Number),
        })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), inArray(jobs.status, ['queued', 'running']), inArray(jobs.type, [...types])));
      return { admitted: row?.admitted ?? 0, waiting: row?.waiting ?? 0 };
    },

    /** An owner's jobs of `types` created since `since` that did not end failed or cancelled (runs that count against a monthly limit). */
    async countRunsSince(ownerId: string, types: readonly string[], since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), inArray(jobs.type, [...types]), sql`${jobs.createdAt} >= ${since.toISOString()}`, sql`${jobs.status} not in ('failed', 'cancelled')`));
      return row?.total ?? 0;
    },

    /** An owner's unfinished jobs (queued, running, paused) whose type starts with `typePrefix` and whose input's `projectId` is `projectId`, oldest first. */
    async unfinishedOfProject(ownerId: string, typePrefix: string, projectId: string): Promise<Pick<JobRow, 'id' | 'type' | 'input'>[]> {
      return db
        .select({ id: jobs.id, type: jobs.type, input: jobs.input })
        .from(jobs)
        .where(
          and(
            eq(jobs.ownerId, ownerId),
            inArray(jobs.status, ['queued', 'running', 'paused']),
            sql`starts_with(${jobs.type}, ${typePrefix})`,
            sql`${jobs.input}->>'projectId' = ${projectId}`,
          ),
        )
        .orderBy(asc(jobs.createdAt));
    },

    /** Gives run slots to an owner's `count` oldest waiting jobs; returns them (to be queued). */
    async admitWaiting(ownerId: string, count: number): Promise<JobRow[]> {
      if (count <= 0) return [];
      const next = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), eq(jobs.status, 'queued'), isNull(jobs.admittedAt)))
        .orderBy(asc(jobs.createdAt), asc(jobs.id))
        .limit(count);
      return db.update(jobs).set({ admittedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(jobs.id, next)).returning();
    },

    /**
     * How many of an owner's jobs of `type` sit in the queue ahead of `job` (admitted, not yet
     * started, created before it): its round in the owner's turn-taking (decision 056).
     */
    async queuedAhead(job: Pick<JobRow, 'id' | 'ownerId' | 'type'>): Promise<number> {
      if (!job.ownerId) return 0;
      const [row] = await db
        .select({ total: count() })
        .from(jobs)
        .where(
          and(
            eq(jobs.ownerId, job.ownerId),
            eq(jobs.type, job.type),
            eq(jobs.status, 'queued'),
            isNotNull(jobs.admittedAt),
            ne(jobs.id, job.id),
            // Compared with the row's own stored time (microseconds; a JavaScript Date keeps milliseconds).
            sql`(${jobs.createdAt}, ${jobs.id}) < (select j.created_at, j.id from jobs j where j.id = ${job.id})`,
          ),
        );
      return row?.total ?? 0;
    },

    /** Owners with jobs waiting for a slot (for the sweeper, in case a finished job's hand-over was lost). */
    async ownersWithWaitingJobs(limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ ownerId: jobs.ownerId })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), isNull(jobs.admittedAt), isNotNull(jobs.ownerId)))
        .limit(limit);
      return rows.map((row) => row.ownerId!);
    },

    /** Marks an attempt as started; undefined when the job is finished or cancelled. */
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

    async setProgress(id: string, progress: number, currentStage?: string): Promise<void> {
      await db
        .update(jobs)
        .set({ progress, ...(currentStage ? { currentStage } : {}), updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
    },

    /** Finishes a job exactly once: a second call (a re-run after a crash) changes nothing and returns false. */
    async complete(id: string, output: Record<string, unknown>, costSettled = 0): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          status: 'completed',
          progress: 100,
          output,
          error: null,
          costSettled,
          completions: sql`${jobs.completions} + 1`,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), ne(jobs.status, 'completed'), ne(jobs.status, 'cancelled')))
        .returning({ id: jobs.id });
      return rows.length === 1;
    },

    async fail(id: string, error: StoredJobError, final: boolean): Promise<void> {
      await db
        .update(jobs)
        .set(final ? { status: 'failed', error, costSettled: 0, finishedAt: sql`now()`, updatedAt: sql`now()` } : { status: 'queued', error, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), ne(jobs.status, 'completed'), ne(jobs.status, 'cancelled')));
    },

    async requestCancel(id: string): Promise<void> {
      await db.update(jobs).set({ cancelRequestedAt: sql`coalesce(${jobs.cancelRequestedAt}, now())`, updatedAt: sql`now()` }).where(eq(jobs.id, id));
    },

    /** Ends a job as cancelled unless it already ended; returns whether it did. */
    async cancel(id: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'cancelled', costSettled: 0, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), sql`${jobs.status} not in ${FINAL}`))
        .returning({ id: jobs.id });
      return rows.length === 1;
    },

    /** Puts a finished or failed job back in the queue (for a re-run of some stages); `waitForSlot` gives up its run slot. */
    async requeue(id: string, options: { waitForSlot?: boolean } = {}): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'queued', error: null, cancelRequestedAt: null, finishedAt: null, updatedAt: sql`now()`, ...(options.waitForSlot ? { admittedAt: null } : {}) })
        .where(and(eq(jobs.id, id), ne(jobs.status, 'running')));
    },

    /** A running attempt stops at a gate stage and waits for the owner: no run slot, points stay frozen. */
    async pause(id: string, stage: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'paused', currentStage: stage, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length === 1;
    },

    /** Replaces a job's input (what its owner changed at a gate: a voice, a glossary). */
    async updateInput(id: string, input: Record<string, unknown>): Promise<void> {
      await db.update(jobs).set({ input, updatedAt: sql`now()` }).where(eq(jobs.id, id));
    },

    /** Adds points frozen later in a job's life (lines regenerated at a review gate). */
    async addFrozenCost(id: string, points: number): Promise<void> {
      await db
        .update(jobs)
        .set({ costFrozen: sql`${jobs.costFrozen} + ${points}`, costEstimated: sql`${jobs.costEstimated} + ${points}`, updatedAt: sql`now()` })
        .where(eq(jobs.id, id));
    },

    async rename(id: string, title: string): Promise<void> {
      await db.update(jobs).set({ title, updatedAt: sql`now()` }).where(eq(jobs.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(jobs).where(eq(jobs.id, id));
    },

    async findStages(jobId: string): Promise<JobStageRow[]> {
      return db.select().from(jobStages).where(eq(jobStages.jobId, jobId)).orderBy(asc(jobStages.position));
    },

    async startStage(jobId: string, name: string): Promise<void> {
      await db
        .update(jobStages)
        .set({ status: 'running', progress: 0, attempts: sql`${jobStages.attempts} + 1`, error: null, startedAt: sql`now()`, finishedAt: null })
        .where(and(eq(jobStages.jobId, jobId), eq(jobStages.name, name)));
    },

    async setStageProgress(jobId: string, name: string, progress: number): Promise<void> {
      await db.update(jobStages).set({ progress }).where(and(eq(jobStages.jobId, jobId), eq(jobStages.name, name)));
    },

    async completeStage(jobId: string, name: string, output: Record<string, unknown>): Promise<void> {
      await db
        .update(jobStages)
        .set({ status: 'completed', progress: 100, output, finishedAt: sql`now()` })
        .where(and(eq(jobStages.jobId, jobId), eq(jobStages.name, name)));
    },

    /** Replaces a completed stage's output (its checkpoint), as edited by the job's owner at a gate. */
    async replaceStageOutput(jobId: string, name: string, output: Record<string, unknown>): Promise<void> {
      await db
        .update(jobStages)
        .set({ output })
        .where(and(eq(jobStages.jobId, jobId), eq(jobStages.name, name), eq(jobStages.status, 'completed')));
    },

    async failStage(jobId: string, name: string, error: StoredJobError): Promise<void> {
      await db
        .update(jobStages)
        .set({ status: 'failed', error, finishedAt: sql`now()` })
        .where(and(eq(jobStages.jobId, jobId), eq(jobStages.name, name)));
    },

    async resetStages(jobId: string, names: readonly string[]): Promise<void> {
      if (!names.length) return;
      await db
        .update(jobStages)
        .set({ status: 'pending', progress: 0, output: null, error: null, startedAt: null, finishedAt: null })
        .where(and(eq(jobStages.jobId, jobId), inArray(jobStages.name, [...names])));
    },

    /** Unfinished jobs nobody has touched since `cutoff` (their worker and its retries are gone); a job waiting for a slot is not abandoned. */
    async findStale(cutoff: Date, limit: number): Promise<Pick<JobRow, 'id' | 'type'>[]> {
      return db
        .select({ id: jobs.id, type: jobs.type })
        .from(jobs)
        .where(and(sql`${jobs.status} in ('queued', 'running')`, isNotNull(jobs.admittedAt), sql`${jobs.updatedAt} < ${cutoff.toISOString()}`))
        .limit(limit);
    },

    /** Jobs waiting for their owner at a gate, untouched since `cutoff` (their owner left them). */
    async findPausedBefore(cutoff: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'paused'), sql`${jobs.updatedAt} < ${cutoff.toISOString()}`))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Jobs that ended (or vanished) while their points stayed frozen: the sweeper releases these. */
    async findEndedWithHeldPoints(limit: number): Promise<string[]> {
      const result = await db.execute<{ job_id: string }>(
        sql`select h.job_id from point_holds h left join jobs j on j.id = h.job_id
            where h.status = 'held' and (j.id is null or j.status in ('failed', 'cancelled'))
            limit ${limit}`,
      );
      return (result as unknown as { rows: { job_id: string }[] }).rows.map((row) => row.job_id);
    },

    /**
     * Claims an owner's idempotency key for `jobId` (a job about to be written in the same
     * transaction); false when the key is already taken. On PostgreSQL a concurrent claim of the
     * same key waits here for the first transaction to end: then it is taken (or free again).
     */
    async claimIdempotencyKey(values: { ownerId: string; key: string; requestHash: string; jobId: string }): Promise<boolean> {
      const rows = await db.insert(apiIdempotencyKeys).values(values).onConflictDoNothing().returning({ key: apiIdempotencyKeys.key });
      return rows.length > 0;
    },

    async findIdempotencyKey(ownerId: string, key: string): Promise<ApiIdempotencyKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.ownerId, ownerId), eq(apiIdempotencyKeys.key, key)));
      return row;
    },

    /** Forgets idempotency keys claimed before `cutoff`; returns how many. */
    async deleteIdempotencyKeysBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, cutoff)).returning({ key: apiIdempotencyKeys.key });
      return rows.length;
    },
  };
}
