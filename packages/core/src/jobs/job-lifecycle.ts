/**
 * The steps the parts of the job service share: which jobs take their owner's run slots, handing a
 * job to the queue (fair queueing), telling listeners of a change, admitting waiting jobs to free
 * slots, ending a job without a charge, and reading an owner's job and its view.
 */
import { ErrorCode, type JobView, type Locale, type StoredJobError } from '@voxwork/contract';
import type { JobRepository, JobRow, JobTransaction } from '@voxwork/db';
import { closeHoldIn } from '../accounts/points-ledger.service.ts';
import { DomainError } from '../domain-error.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import type { JobEvents, JobQueue } from './job-queue.port.ts';
import { JOB_POLICIES, PLAN_SLOT_JOB_TYPES, type JobName, type PipelineMap } from './job-types.ts';
import { jobMediaViews, toJobView } from './job-view.ts';
import type { JobFiles, PipelineDefinition } from './pipeline-definition.ts';

export interface JobServiceDeps {
  jobs: JobRepository;
  queue: JobQueue;
  events?: JobEvents;
  pipelines: PipelineMap;
  files?: (jobId: string) => JobFiles;
  /** Where stages store result files (`StageContext.store`). */
  storage?: StorageRepository;
  /** Queue priority of an owner's jobs (their plan's `queuePriority`), used when a caller gives none. */
  priorityOf?: (ownerId: string) => Promise<number>;
  /**
   * An owner's run slots (the plan's `concurrentJobs`) and how many more jobs may wait for one
   * (`waitingJobs`). Without it, jobs never wait.
   */
  slotsOf?: (ownerId: string) => Promise<{ running: number; waiting: number }>;
  /**
   * Called inside the transaction that gives a job its final state `succeeded` (completed) or
   * `failed`, with the job as written and the points charged: what it writes (webhook deliveries,
   * decision 038) commits or rolls back with the job's end, so a process dying right after loses nothing.
   */
  onEndedIn?: (tx: JobTransaction, ended: { job: JobRow; outcome: 'succeeded' | 'failed' | 'cancelled'; charged: number }) => Promise<void>;
}

/**
 * Fair queueing (decision 056): a job's queue priority drops by this much for each of its owner's
 * jobs of the same type already waiting in the queue ahead of it, so workers take one job per
 * owner per round (round-robin between owners); the plan's `queuePriority` (0–10) orders owners
 * within a round. Rounds beyond `MAX_FAIR_ROUNDS` share the last one.
 */
export const FAIR_ROUND_STEP = 100;
const MAX_FAIR_ROUNDS = 10_000;

/** The queue priority of a job in its owner's `round` (0 = nothing of the owner waits ahead of it). */
export function fairPriority(planPriority: number, round: number): number {
  return planPriority - Math.min(round, MAX_FAIR_ROUNDS) * FAIR_ROUND_STEP;
}

/** What `createJobService` builds first and hands to its runner and gates. */
export function createJobLifecycle({ jobs, queue, events, pipelines, storage, slotsOf, onEndedIn }: JobServiceDeps) {
  const pipelineOf = (type: string) => pipelines[type as JobName] as PipelineDefinition<unknown> | undefined;
  /** Whether a job takes one of its owner's run slots (a user's tool job, on a service that knows plans). */
  const usesSlot = (type: string, ownerId: string | null | undefined): ownerId is string =>
    Boolean(slotsOf && ownerId && JOB_POLICIES[type as JobName]?.usesPlanSlot);

  /**
   * Hands free run slots to the owner's oldest waiting jobs and queues them. Called whenever one
   * of the owner's jobs ends (and by the sweeper): under the owner's slot lock, so two endings
   * never admit the same slot twice.
   */
  async function admitWaiting(ownerId: string): Promise<void> {
    if (!slotsOf) return;
    const slots = await slotsOf(ownerId);
    const admitted = await jobs.transaction(async (tx) => {
      await tx.jobs.lockOwnerSlots(ownerId);
      const usage = await tx.jobs.slotUsage(ownerId, PLAN_SLOT_JOB_TYPES);
      return usage.waiting > 0 ? tx.jobs.admitWaiting(ownerId, slots.running - usage.admitted) : [];
    });
    for (const row of admitted) {
      try {
        await send(row);
      } catch {
        await endWithoutCharge(row.id, 'failed', { code: ErrorCode.SERVICE_UNAVAILABLE, message: 'the queue did not accept the job' });
        continue;
      }
      await publish(row);
    }
  }

  /** Hands a job to the queue behind its owner's jobs of the same type already waiting there (one per owner per round). */
  async function send(row: Pick<JobRow, 'id' | 'ownerId' | 'type' | 'priority'>): Promise<void> {
    const round = await jobs.queuedAhead(row);
    await queue.send(row.type as JobName, row.id, { priority: fairPriority(row.priority, round) });
  }

  async function publish(row: Pick<JobRow, 'id' | 'ownerId' | 'type' | 'status' | 'progress' | 'currentStage'>) {
    await events
      ?.changed({ jobId: row.id, ownerId: row.ownerId, type: row.type, status: row.status, progress: row.progress, stage: row.currentStage })
      .catch(() => undefined);
  }

  /** Ends a job as failed or cancelled and returns its frozen points, in one transaction. */
  async function endWithoutCharge(jobId: string, outcome: 'failed' | 'cancelled', error?: StoredJobError) {
    await jobs.transaction(async (tx) => {
      const row = await tx.jobs.lock(jobId);
      if (!row) return;
      if (outcome === 'failed') await tx.jobs.fail(jobId, error ?? { code: ErrorCode.JOB_FAILED, message: 'failed' }, true);
      else await tx.jobs.cancel(jobId);
      if (row.costFrozen > 0) await closeHoldIn(tx.points, jobId, 'release', 0);
      // Told once, by the end that ended it (a job already ended is not ended again).
      if (onEndedIn && row.status !== 'completed' && row.status !== 'failed' && row.status !== 'cancelled') {
        const ended = await tx.jobs.findById(jobId);
        if (ended?.status === outcome) await onEndedIn(tx, { job: ended, outcome, charged: 0 });
      }
    });
    const row = await jobs.findById(jobId);
    if (row) await publish(row);
    if (row && (row.status === 'failed' || row.status === 'cancelled')) {
      await pipelineOf(row.type)
        ?.onEnded?.({ jobId, ownerId: row.ownerId, input: row.input, outcome: row.status })
        .catch(() => undefined);
    }
    if (row && usesSlot(row.type, row.ownerId)) await admitWaiting(row.ownerId);
  }

  /** The job as its owner sees it, its error in `locale` (the caller's `Accept-Language`). */
  async function view(row: JobRow, locale: Locale = 'en'): Promise<JobView> {
    return toJobView(row, await jobs.findStages(row.id), await jobMediaViews(row, storage), locale);
  }

  async function ownedJob(jobId: string, ownerId: string): Promise<JobRow> {
    const row = await jobs.findById(jobId);
    if (!row || row.ownerId !== ownerId) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
    return row;
  }

  return { pipelineOf, usesSlot, admitWaiting, send, publish, endWithoutCharge, view, ownedJob };
}

export type JobLifecycle = ReturnType<typeof createJobLifecycle>;
