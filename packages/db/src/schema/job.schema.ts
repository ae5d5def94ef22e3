import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoredJobError } from '@voxwork/contract';

/**
 * One row per tool run. pg-boss carries only the id; the handler re-reads this row.
 * `completions` counts successful finishes and must never exceed 1 (the kill -9 test checks it).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    ownerId: text('owner_id'),
    /**
     * `paused`: the job waits for its owner at a gate stage (`currentStage`, e.g. a video
     * translation's review): it holds no run slot and its points stay frozen until it goes on.
     */
    status: text('status', { enum: ['queued', 'running', 'paused', 'completed', 'failed', 'cancelled'] }).notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** The stage running now (or last run). */
    currentStage: text('current_stage'),
    /** Points: the estimate shown before the run, what was frozen on acceptance, what was charged. */
    costEstimated: integer('cost_estimated').notNull().default(0),
    costFrozen: integer('cost_frozen').notNull().default(0),
    costSettled: integer('cost_settled'),
    priority: integer('priority').notNull().default(0),
    /**
     * When the job got one of its owner's run slots (the plan's `concurrentJobs`) and was handed to
     * the queue; null while a queued job waits for a slot. Jobs without a slot rule get it at once.
     */
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    title: text('title'),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    output: jsonb('output').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<StoredJobError>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_owner_created_idx').on(table.ownerId, table.createdAt),
    index('jobs_status_idx').on(table.status),
    // Slot counting and the next waiting job of an owner look at unfinished jobs only.
    index('jobs_owner_active_idx').on(table.ownerId, table.createdAt).where(sql`${table.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/**
 * One row per stage of a job: its status and its stored output (the checkpoint). A retried or
 * restarted job skips completed stages and resumes at the first unfinished one.
 */
export const jobStages = pgTable(
  'job_stages',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    status: text('status', { enum: ['pending', 'running', 'completed', 'failed'] }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    output: jsonb('output').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<StoredJobError>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.name] })],
);

export type JobStageRow = typeof jobStages.$inferSelect;
