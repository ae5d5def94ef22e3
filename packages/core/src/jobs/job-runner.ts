/**
 * One attempt of a job (`JobService.run`): its stages in order from the last checkpoint, progress
 * reported as they go, results stored, then the job completed and its points settled in one
 * transaction, or failed (points released) or sent back to the queue for a retry.
 */
import { ErrorCode } from '@voxwork/contract';
import { closeHoldIn } from '../accounts/points-ledger.service.ts';
import { DomainError, isRetryable } from '../domain-error.ts';
import { contentTypeForKey, storageKeys } from '../storage/storage-keys.ts';
import type { JobLifecycle, JobServiceDeps } from './job-lifecycle.ts';
import { JOB_POLICIES, type JobName } from './job-types.ts';
import type { JobFiles } from './pipeline-definition.ts';

export interface RunOutcome {
  status: 'completed' | 'already-finished' | 'failed' | 'cancelled' | 'paused';
}

export function createJobRunner(
  { jobs, storage, onEndedIn, files }: Pick<JobServiceDeps, 'jobs' | 'storage' | 'onEndedIn'> & { files: (jobId: string) => JobFiles },
  { pipelineOf, usesSlot, admitWaiting, publish, endWithoutCharge }: JobLifecycle,
) {
  return {
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

  };
}
