import { ErrorCode, jobErrorView, type ErrorCodeValue, type JobView, type Locale, type StoredJobError } from '@voxwork/contract';
import type { JobRepository, JobRow, JobStageRow, JobTransaction } from '@voxwork/db';
import { closeHoldIn, freezeIn, raiseHoldIn } from '../accounts/points-ledger.service.ts';
import { DomainError, isRetryable } from '../domain-error.ts';
import type { JobEvents, JobQueue } from './job-queue.port.ts';
import type { StorageRepository } from '../storage/storage.port.ts';
import { contentTypeForKey, storageKeys } from '../storage/storage-keys.ts';
import { IdempotencyKeyTaken } from './idempotency-key-taken.ts';
import { JOB_POLICIES, PLAN_SLOT_JOB_TYPES, type JobInputs, type JobName, type PipelineMap } from './job-types.ts';
import { dependentStages, type JobFiles, type JobMediaFile, type PipelineDefinition } from './pipeline-definition.ts';

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
  onEndedIn?: (tx: JobTransaction, ended: { job: JobRow; outcome: 'succeeded' | 'failed'; charged: number }) => Promise<void>;
}

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

export interface RunOutcome {
  status: 'completed' | 'already-finished' | 'failed' | 'cancelled' | 'paused';
}

/** Stage outputs and input a job's owner changed at a gate (written as they are). */
interface GateEdits {
  stageOutputs?: Record<string, Record<string, unknown>>;
  input?: Record<string, unknown>;
}

/**
 * What the owner decided at a gate (`JobService.atGate`): keep waiting with their edits saved, run
 * some stages again (optionally paying more, frozen with the job's points) and come back to the
 * gate, or go on past it (the gate stage's output is `output`).
 */
export type GateDecision =
  | ({ kind: 'save' } & GateEdits)
  | ({ kind: 'rerun'; from: string; charge?: { points: number; key: string; reason: string } } & GateEdits)
  | ({ kind: 'continue'; output: Record<string, unknown> } & GateEdits);

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

/** How long the links in a job view work. */
const MEDIA_LINK_SECONDS = 3600;

const noFiles: JobFiles = {
  path: () => Promise.reject(new Error('this process has no job file store')),
  exists: () => Promise.resolve(false),
  remove: () => Promise.resolve(),
};

/**
 * The lifecycle of a job: accepted (row, stages and frozen points in one transaction) → running
 * stage by stage, each stage's output stored as a checkpoint → completed exactly once (points
 * settled in the same transaction), failed or cancelled (points released in the same transaction).
 */
export function createJobService({ jobs, queue, events, pipelines, files = () => noFiles, storage, priorityOf, slotsOf, onEndedIn }: JobServiceDeps) {
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
      if (onEndedIn && outcome === 'failed' && row.status !== 'completed' && row.status !== 'failed' && row.status !== 'cancelled') {
        const ended = await tx.jobs.findById(jobId);
        if (ended?.status === 'failed') await onEndedIn(tx, { job: ended, outcome: 'failed', charged: 0 });
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

  /** Result files of a job with links a browser can use for an hour (the view is re-read to refresh them). */
  async function mediaOf(row: JobRow): Promise<JobView['media']> {
    if (!storage || row.status !== 'completed') return [];
    const listed = Array.isArray(row.output?.media) ? (row.output.media as JobMediaFile[]) : [];
    const title = (row.title ?? row.type).replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 60) || 'voxwork';
    const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.')) : '');
    const extensionCounts = new Map<string, number>();
    for (const file of listed) extensionCounts.set(extensionOf(file.name), (extensionCounts.get(extensionOf(file.name)) ?? 0) + 1);
    return Promise.all(
      listed.map(async (file) => {
        const extension = extensionOf(file.name);
        // Files of one kind save under the job's title; several of a kind (a dub and its voice stem) keep their own name after it.
        const downloadName = (extensionCounts.get(extension) ?? 0) > 1 ? `${title} - ${file.name.slice(0, file.name.length - extension.length)}${extension}` : `${title}${extension}`;
        return {
          name: file.name,
          role: file.role,
          contentType: file.contentType,
          bytes: file.bytes,
          durationSeconds: file.durationSeconds ?? null,
          url: await storage.signedUrl(file.key, { expiresInSeconds: MEDIA_LINK_SECONDS }),
          downloadUrl: await storage.signedUrl(file.key, { expiresInSeconds: MEDIA_LINK_SECONDS, downloadName }),
        };
      }),
    );
  }

  /** The job as its owner sees it, its error in `locale` (the caller's `Accept-Language`). */
  async function view(row: JobRow, locale: Locale = 'en'): Promise<JobView> {
    return toJobView(row, await jobs.findStages(row.id), await mediaOf(row), locale);
  }

  async function ownedJob(jobId: string, ownerId: string): Promise<JobRow> {
    const row = await jobs.findById(jobId);
    if (!row || row.ownerId !== ownerId) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
    return row;
  }

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

    /** Runs `stage` and every stage depending on it again, keeping the other stages' outputs. */
    async rerunStage(id: string, ownerId: string, stage: string, locale?: Locale): Promise<JobView> {
      const row = await ownedJob(id, ownerId);
      const pipeline = pipelineOf(row.type)!;
      const affected = dependentStages(pipeline, stage);
      if (!affected.length) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'stage', reason: 'invalid_value' });
      if (row.status === 'running' || row.status === 'queued' || row.status === 'paused') throw new DomainError(ErrorCode.JOB_BUSY);
      await jobs.resetStages(id, affected);
      if (usesSlot(row.type, row.ownerId)) {
        // A re-run waits for a free slot like a new job (it already holds its place: no waiting cap).
        await jobs.requeue(id, { waitForSlot: true });
        await admitWaiting(row.ownerId);
      } else {
        await jobs.requeue(id);
        await send(row);
      }
      const updated = (await jobs.findById(id))!;
      await publish(updated);
      return view(updated, locale);
    },

    /**
     * The owner's decision for a job waiting at `gate`: made by `decide` from the job as it is,
     * under the job's lock, and applied in the same transaction (edits, extra points frozen, stages
     * reset, back to the queue), so two tabs or a double click cannot apply two decisions to one
     * wait or charge twice. A job not waiting at `gate` is refused (JOB_NOT_WAITING).
     */
    async atGate(id: string, ownerId: string, gate: string, decide: (job: { row: JobRow; outputs: Record<string, Record<string, unknown>> }) => GateDecision | Promise<GateDecision>): Promise<JobView> {
      const decision = await jobs.transaction(async (tx) => {
        const row = await tx.jobs.lock(id);
        if (!row || row.ownerId !== ownerId) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
        if (row.status !== 'paused' || row.currentStage !== gate) throw new DomainError(ErrorCode.JOB_NOT_WAITING);
        const outputs = Object.fromEntries((await tx.jobs.findStages(id)).filter((stage) => stage.status === 'completed' && stage.output).map((stage) => [stage.name, stage.output!]));
        const decided = await decide({ row, outputs });
        for (const [stage, output] of Object.entries(decided.stageOutputs ?? {})) await tx.jobs.replaceStageOutput(id, stage, output);
        if (decided.input) await tx.jobs.updateInput(id, decided.input);
        if (decided.kind === 'save') return decided;
        if (decided.kind === 'rerun') {
          const affected = dependentStages(pipelineOf(row.type)!, decided.from);
          if (!affected.length) throw new Error(`no stage ${decided.from} in ${row.type}`);
          if (decided.charge && decided.charge.points > 0) {
            await raiseHoldIn(tx.points, id, decided.charge.points, { key: decided.charge.key, reason: decided.charge.reason });
            await tx.jobs.addFrozenCost(id, decided.charge.points);
          }
          await tx.jobs.resetStages(id, affected);
        } else {
          await tx.jobs.completeStage(id, gate, decided.output);
        }
        await tx.jobs.requeue(id, { waitForSlot: usesSlot(row.type, row.ownerId) });
        return decided;
      });
      const row = (await jobs.findById(id))!;
      if (decision.kind !== 'save') {
        if (usesSlot(row.type, row.ownerId)) await admitWaiting(row.ownerId);
        else await send(row);
      }
      const latest = (await jobs.findById(id))!;
      await publish(latest);
      return view(latest);
    },

    /**
     * Runs one attempt: completed stages are skipped (their outputs are the checkpoints), the
     * others run in order. Retryable failures and interruptions go back to the queue (rethrown);
     * anything else fails the job and releases its points. A finished job is not run again.
     */
    async run(type: JobName, jobId: string, options: { signal: AbortSignal }): Promise<RunOutcome> {
      const row = await jobs.startAttempt(jobId);
      if (!row) return { status: 'already-finished' };
      if (row.cancelRequestedAt) {
        await endWithoutCharge(jobId, 'cancelled');
        return { status: 'cancelled' };
      }
      const pipeline = pipelineOf(type)!;
      const stageRows = await jobs.findStages(jobId);
      const jobFiles = files(jobId);
      const outputs: Record<string, Record<string, unknown>> = {};
      for (const stageRow of stageRows) {
        if (stageRow.status !== 'completed' || !stageRow.output) continue;
        const written = Array.isArray(stageRow.output.files) ? (stageRow.output.files as string[]) : [];
        const present = await Promise.all(written.map((name) => jobFiles.exists(name)));
        if (present.every(Boolean)) outputs[stageRow.name] = stageRow.output;
      }
      // A stage whose checkpoint is gone runs again, and so does everything after it.
      const firstMissing = pipeline.stages.findIndex((stage) => !outputs[stage.name]);
      if (firstMissing !== -1) for (const stage of pipeline.stages.slice(firstMissing)) delete outputs[stage.name];
      const totalWeight = pipeline.stages.reduce((sum, stage) => sum + (stage.weight ?? 1), 0);
      let doneWeight = pipeline.stages.filter((stage) => outputs[stage.name]).reduce((sum, stage) => sum + (stage.weight ?? 1), 0);
      let current: string | null = null;
      try {
        for (const stage of pipeline.stages) {
          if (outputs[stage.name]) continue;
          if (stage.waitsForUser?.(row.input)) {
            // A gate: the job waits for its owner here, without a run slot; `atGate` moves it on.
            const base = Math.round((doneWeight / totalWeight) * 1000) / 10;
            await jobs.setProgress(jobId, base, stage.name);
            if ((await jobs.findById(jobId))?.cancelRequestedAt) {
              await endWithoutCharge(jobId, 'cancelled');
              return { status: 'cancelled' };
            }
            await jobs.pause(jobId, stage.name);
            const paused = await jobs.findById(jobId);
            if (paused) await publish(paused);
            if (usesSlot(type, row.ownerId)) await admitWaiting(row.ownerId);
            return { status: 'paused' };
          }
          current = stage.name;
          await jobs.startStage(jobId, stage.name);
          const weight = stage.weight ?? 1;
          const base = (doneWeight / totalWeight) * 100;
          await jobs.setProgress(jobId, Math.round(base * 10) / 10, stage.name);
          await publish({ ...row, status: 'running', progress: base, currentStage: stage.name });
          let lastReport = 0;
          const output = await stage.run({
            jobId,
            ownerId: row.ownerId,
            input: row.input,
            outputs,
            attempt: row.attempts,
            signal: options.signal,
            files: jobFiles,
            store: async (fileName, { role, durationSeconds }) => {
              if (!storage || !row.ownerId) throw new Error('results can only be stored for jobs with an owner, on a process with storage');
              const key = storageKeys.jobFile(row.ownerId, jobId, stage.name, fileName);
              const stored = await storage.putFile(key, await jobFiles.path(fileName), { contentType: contentTypeForKey(key) });
              return { key, name: fileName, role, contentType: stored.contentType, bytes: stored.size, ...(durationSeconds === undefined ? {} : { durationSeconds }) };
            },
            reportProgress: (percent) => {
              const clamped = Math.max(0, Math.min(100, percent));
              if (clamped - lastReport < 2 && clamped < 100) return;
              lastReport = clamped;
              const overall = Math.round((base + (clamped / 100) * (weight / totalWeight) * 100) * 10) / 10;
              void jobs
                .setStageProgress(jobId, stage.name, clamped)
                .then(() => jobs.setProgress(jobId, overall, stage.name))
                .then(() => publish({ ...row, status: 'running', progress: overall, currentStage: stage.name }))
                .catch(() => undefined);
            },
          });
          await jobs.completeStage(jobId, stage.name, output);
          outputs[stage.name] = output;
          doneWeight += weight;
        }
        const result = pipeline.result?.(row.input, outputs) ?? outputs[pipeline.stages.at(-1)!.name] ?? {};
        const charged = row.costFrozen > 0 ? Math.max(0, Math.min(row.costFrozen, Math.round(pipeline.actualCost?.(row.input, outputs, row.costFrozen) ?? row.costFrozen))) : 0;
        const first = await jobs.transaction(async (tx) => {
          const completed = await tx.jobs.complete(jobId, result, charged);
          if (completed && row.costFrozen > 0) await closeHoldIn(tx.points, jobId, 'settle', charged);
          if (completed && onEndedIn) await onEndedIn(tx, { job: (await tx.jobs.findById(jobId))!, outcome: 'succeeded', charged: row.costFrozen > 0 ? charged : 0 });
          return completed;
        });
        const finished = await jobs.findById(jobId);
        if (finished) await publish(finished);
        if (usesSlot(type, row.ownerId)) await admitWaiting(row.ownerId);
        return { status: first ? 'completed' : 'already-finished' };
      } catch (error) {
        const code = error instanceof DomainError ? error.code : ErrorCode.JOB_FAILED;
        const message = error instanceof Error ? error.message : String(error);
        // What a person is shown is the catalogue's message with these params (`jobErrorView`); `message` is for the logs.
        const params = error instanceof DomainError ? error.params : { reason: message };
        if (current) await jobs.failStage(jobId, current, { code, message, params });
        const latest = await jobs.findById(jobId);
        if (latest?.cancelRequestedAt) {
          await endWithoutCharge(jobId, 'cancelled');
          return { status: 'cancelled' };
        }
        const retry = options.signal.aborted || (isRetryable(error) && row.attempts <= (JOB_POLICIES[type]?.retryLimit ?? 0));
        if (retry) {
          await jobs.fail(jobId, { code, message, params }, false);
          throw error;
        }
        await endWithoutCharge(jobId, 'failed', { code, message, params });
        return { status: 'failed' };
      }
    },

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

export function toJobView(row: JobRow, stages: readonly JobStageRow[] = [], media: JobView['media'] = [], locale: Locale = 'en'): JobView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    status: row.status,
    waitingForSlot: row.status === 'queued' && row.admittedAt === null,
    progress: row.progress,
    currentStage: row.currentStage,
    stages: stages.map((stage) => ({
      name: stage.name,
      status: stage.status,
      progress: stage.progress,
      attempts: stage.attempts,
      output: stage.output ?? null,
      error: stage.error ? jobErrorView(stage.error, locale) : null,
    })),
    cost: { estimated: row.costEstimated, frozen: row.costFrozen, settled: row.costSettled },
    attempts: row.attempts,
    completions: row.completions,
    input: row.input,
    output: row.output ?? null,
    error: row.error ? jobErrorView(row.error, locale) : null,
    media,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
