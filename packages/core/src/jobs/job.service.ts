import { ErrorCode, type JobView } from '@voxwork/contract';
import type { JobRepository, JobRow } from '@voxwork/db';
import { DomainError, isRetryable } from '../domain-error.ts';
import type { JobQueue } from './job-queue.port.ts';
import { JOB_POLICIES, type JobHandlerMap, type JobInputs, type JobName } from './job-types.ts';

export interface JobServiceDeps {
  jobs: JobRepository;
  queue: JobQueue;
}

export interface RunOutcome {
  status: 'completed' | 'already-finished' | 'failed' | 'retry';
}

/** The lifecycle of a job row: accepted → running (one attempt at a time) → completed exactly once, or failed. */
export function createJobService({ jobs, queue }: JobServiceDeps) {
  return {
    async enqueue<N extends JobName>(type: N, input: JobInputs[N], ownerId: string | null = null): Promise<JobRow> {
      const row = await jobs.insert({ type, input: input as unknown as Record<string, unknown>, ownerId });
      await queue.send(type, row.id);
      return row;
    },

    async get(id: string): Promise<JobView> {
      const row = await jobs.findById(id);
      if (!row) throw new DomainError(ErrorCode.JOB_NOT_FOUND);
      return toJobView(row);
    },

    /**
     * Runs one attempt of a job. Retryable failures are rethrown so the queue retries them;
     * anything else fails the job for good. A job that already completed (a re-delivery after
     * a crash) is not run again.
     */
    async run<N extends JobName>(
      type: N,
      jobId: string,
      handlers: JobHandlerMap,
      options: { signal: AbortSignal; attempt: number },
    ): Promise<RunOutcome> {
      const row = await jobs.startAttempt(jobId);
      if (!row) return { status: 'already-finished' };
      const handler = handlers[type];
      try {
        const output = await handler({
          jobId,
          input: row.input as unknown as JobInputs[N],
          attempt: row.attempts,
          signal: options.signal,
          reportProgress: (percent) => jobs.setProgress(jobId, Math.max(0, Math.min(100, Math.round(percent * 10) / 10))),
        });
        const first = await jobs.complete(jobId, output);
        return { status: first ? 'completed' : 'already-finished' };
      } catch (error) {
        const interrupted = options.signal.aborted;
        const retry = interrupted || (isRetryable(error) && row.attempts <= JOB_POLICIES[type].retryLimit);
        const code = error instanceof DomainError ? error.code : ErrorCode.JOB_FAILED;
        const message = error instanceof Error ? error.message : String(error);
        await jobs.fail(jobId, { code, message }, !retry);
        if (retry) throw error;
        return { status: 'failed' };
      }
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;

export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    completions: row.completions,
    input: row.input,
    output: row.output ?? null,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
