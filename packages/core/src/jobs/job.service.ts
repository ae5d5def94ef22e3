import { ErrorCode, type ErrorCodeValue, type JobView, type Locale } from '@voxwork/contract';
import type { JobRepository, JobRow } from '@voxwork/db';
import { closeHoldIn, freezeIn } from '../accounts/points-ledger.service.ts';
import { DomainError } from '../domain-error.ts';
import { IdempotencyKeyTaken } from './idempotency-key-taken.ts';
import { createJobGates } from './job-gates.ts';
import { createJobLifecycle, type JobServiceDeps } from './job-lifecycle.ts';
import { createJobRunner } from './job-runner.ts';
import { PLAN_SLOT_JOB_TYPES, type JobInputs, type JobName } from './job-types.ts';
import type { JobFiles, JobMediaFile } from './pipeline-definition.ts';

export interface EnqueueOptions {
  ownerId?: string | null;
  /** Points to freeze on acceptance (0 for free work). */
  cost?: number;
  /** Queue priority (the plan's `queuePriority`). */
  priority?: number;
  title?: string | null;
  /**
   * A plan's limit on runs per calendar month (video translation's `vtUseLimit`): jobs of `types`
   * since the month began, failed and cancelled ones not counted; checked under the owner's lock in
   * the accepting transaction, so parallel submissions cannot pass it.
   */
  monthlyRuns?: { types: readonly string[]; limit: number; since: Date; code: ErrorCodeValue };
  /**
   * An owner's `Idempotency-Key` (REST creates, decision 037), claimed first in the accepting
   * transaction for the job's id: when another request holds it, nothing is written and
   * `IdempotencyKeyTaken` is thrown (the caller replays that request's job).
   */
  idempotency?: { key: string; requestHash: string } | undefined;
}

export { IdempotencyKeyTaken };

const noFiles: JobFiles = {
  path: () => Promise.reject(new Error('this process has no job file store')),
  exists: () => Promise.resolve(false),
  remove: () => Promise.resolve(),
};

/**
 * The lifecycle of a job: accepted (row, stages and frozen points in one transaction) → running
 * stage by stage, each stage's output stored as a checkpoint → completed exactly once (points
 * settled in the same transaction), failed or cancelled (points released in the same transaction).
 * Its parts: the shared steps (`job-lifecycle.ts`), the runner (`job-runner.ts`) and the owner's
 * re-runs and gate decisions (`job-gates.ts`); acceptance, reading, cancelling and sweeping are here.
 */
export function createJobService(deps: JobServiceDeps) {
  const { jobs, events, storage, onEndedIn, files = () => noFiles, priorityOf, slotsOf } = deps;
  const lifecycle = createJobLifecycle(deps);
  const { pipelineOf, usesSlot, admitWaiting, send, publish, endWithoutCharge, view, ownedJob } = lifecycle;

  return {
    /**
     * Accepts a job: the row, its stages and the frozen points commit together, then the queue gets
     * its id. A user's tool job takes a free run slot of its owner or waits for one (queued, not yet
     * in the queue); when the plan's waiting jobs are all taken too, it is refused (JOB_QUEUE_FULL).
     * The slot decision is made under the owner's lock in the same transaction, so parallel
     * submissions cannot slip past the plan.
     */
    async enqueue<N extends JobName>(type: N, input: JobInputs[N], options: EnqueueOptions = {}): Promise<JobRow> {
      const pipeline = pipelineOf(type);
      if (!pipeline) throw new Error(`no pipeline for ${type}`);
      const cost = options.cost ?? 0;
      if (cost > 0 && !options.ownerId) throw new Error('a job with a cost needs an owner');
      const priority = options.priority ?? (options.ownerId && priorityOf ? await priorityOf(options.ownerId) : 0);
      const slots = usesSlot(type, options.ownerId) ? await slotsOf!(options.ownerId) : undefined;
      if (options.idempotency && !options.ownerId) throw new Error('an idempotent job needs an owner');
      const row = await jobs.transaction(async (tx) => {
        // First, before any lock of the owner: a concurrent replay waits here on the key, not on the slots.
        const id = options.idempotency ? globalThis.crypto.randomUUID() : undefined;
        if (options.idempotency && !(await tx.jobs.claimIdempotencyKey({ ownerId: options.ownerId!, ...options.idempotency, jobId: id! }))) {
          throw new IdempotencyKeyTaken(options.idempotency.key);
        }
        let admit = true;
        if (options.monthlyRuns && options.ownerId) {
          await tx.jobs.lockOwnerSlots(options.ownerId);
          const runs = await tx.jobs.countRunsSince(options.ownerId, options.monthlyRuns.types, options.monthlyRuns.since);
          if (options.monthlyRuns.limit >= 0 && runs >= options.monthlyRuns.limit) throw new DomainError(options.monthlyRuns.code, { limit: options.monthlyRuns.limit, used: runs });
        }
        if (slots) {
          await tx.jobs.lockOwnerSlots(options.ownerId!);
          const usage = await tx.jobs.slotUsage(options.ownerId!, PLAN_SLOT_JOB_TYPES);
          if (usage.admitted + usage.waiting >= slots.running + slots.waiting) {
            throw new DomainError(ErrorCode.JOB_QUEUE_FULL, { running: usage.admitted, waiting: usage.waiting });
          }
          // First come, first served: a new job runs at once only when nothing of the owner waits.
          admit = usage.waiting === 0 && usage.admitted < slots.running;
        }
        const inserted = await tx.jobs.insert(
          {
            ...(id ? { id } : {}),
            type,
            input: input as unknown as Record<string, unknown>,
            ownerId: options.ownerId ?? null,
            costEstimated: cost,
            costFrozen: cost,
            priority,
            title: options.title ?? null,
            admittedAt: admit ? new Date() : null,
          },
          pipeline.stages.map((stage) => stage.name),
        );
        if (cost > 0) await freezeIn(tx.points, options.ownerId!, cost, inserted.id);
        return inserted;
      });
      if (row.admittedAt) {
        try {
          await send(row);
        } catch (error) {
          await endWithoutCharge(row.id, 'failed', { code: ErrorCode.SERVICE_UNAVAILABLE, message: 'the queue did not accept the job' });
          throw error;
        }
      }
      await publish(row);
      return row;
    },

    async get(id: string, locale?: Locale): Promise<JobView> {
      const row = await jobs.findById(id);
      if (!row) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
      return view(row, locale);
    },

    async getOwned(id: string, ownerId: string, locale?: Locale): Promise<JobView> {
      return view(await ownedJob(id, ownerId), locale);
    },

    /** A result file of one of the owner's completed jobs, by its `media[].name`; NOT_FOUND when there is none. */
    async resultFile(id: string, ownerId: string, name: string): Promise<JobMediaFile & { type: string }> {
      const row = await ownedJob(id, ownerId);
      const listed = row.status === 'completed' && Array.isArray(row.output?.media) ? (row.output.media as JobMediaFile[]) : [];
      const file = listed.find((candidate) => candidate.name === name);
      if (!file) throw new DomainError(ErrorCode.NOT_FOUND);
      return { ...file, type: row.type };
    },

    async list(filter: Parameters<JobRepository['list']>[0], locale?: Locale): Promise<{ total: number; items: JobView[] }> {
      const page = await jobs.list(filter);
      return { total: page.total, items: await Promise.all(page.items.map((row) => view(row, locale))) };
    },

    async rename(id: string, ownerId: string, title: string): Promise<void> {
      await ownedJob(id, ownerId);
      await jobs.rename(id, title);
    },

    /** Deletes a finished job and its files; a running job is cancelled first. */
    async remove(id: string, ownerId: string): Promise<void> {
      const row = await ownedJob(id, ownerId);
      if (row.status === 'queued' || row.status === 'running' || row.status === 'paused') await this.cancel(id, ownerId);
      if ((await jobs.findById(id))?.status === 'running') throw new DomainError(ErrorCode.JOB_BUSY);
      await files(id).remove();
      await jobs.delete(id);
    },

    /** Cancels a job: a queued one at once, a running one as soon as its worker hears of it. Points come back. */
    async cancel(id: string, ownerId: string | null, locale?: Locale): Promise<JobView> {
      const row = ownerId ? await ownedJob(id, ownerId) : await jobs.findById(id);
      if (!row) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
      if (row.status === 'queued' || row.status === 'paused') await endWithoutCharge(id, 'cancelled');
      else if (row.status === 'running') {
        await jobs.requestCancel(id);
        await events?.cancelRequested(id);
      }
      return view((await jobs.findById(id))!, locale);
    },

    ...createJobGates(jobs, lifecycle),

    ...createJobRunner({ jobs, storage, onEndedIn, files }, lifecycle),

    /**
     * Releases points of jobs that ended without releasing them, fails jobs abandoned since
     * `staleBefore`, cancels jobs left waiting at a gate since `pausedBefore`, and hands free slots to waiting jobs whose hand-over was lost (a process
     * stopped between a job's end and the next one's admission).
     */
    async sweep(staleBefore: Date, options: { pausedBefore?: Date } = {}): Promise<{ released: number; abandoned: number; expired: number }> {
      if (slotsOf) for (const ownerId of await jobs.ownersWithWaitingJobs(100)) await admitWaiting(ownerId);
      // A job left waiting at a gate for too long is cancelled: its frozen points go back to its owner.
      let expired = 0;
      if (options.pausedBefore) {
        for (const jobId of await jobs.findPausedBefore(options.pausedBefore, 100)) {
          await endWithoutCharge(jobId, 'cancelled');
          expired++;
        }
      }
      let abandoned = 0;
      for (const stale of await jobs.findStale(staleBefore, 100)) {
        await endWithoutCharge(stale.id, 'failed', { code: ErrorCode.JOB_FAILED, message: 'abandoned: no worker finished it', params: { reason: ABANDONED } });
        abandoned++;
      }
      let released = 0;
      for (const jobId of await jobs.findEndedWithHeldPoints(100)) {
        const outcome = await jobs.transaction((tx) => closeHoldIn(tx.points, jobId, 'release', 0));
        if (outcome.status === 'released') released++;
      }
      return { released, abandoned, expired };
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;

/** The reason shown for a job the sweeper fails because no worker finished it. */
const ABANDONED = { en: 'no worker finished it (it was left unfinished, for example by a restart)', zh: '没有工作进程完成它（任务被中断，例如服务重启）' } as const;
