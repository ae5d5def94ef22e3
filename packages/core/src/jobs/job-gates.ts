/**
 * The owner's say over a finished or waiting job's stages (`JobService.rerunStage`, `atGate`): a
 * stage and what depends on it run again, or a job waiting at a gate is kept waiting with edits,
 * sent back some stages (maybe paying more) or moved on past the gate.
 */
import { ErrorCode, type JobView, type Locale } from '@voxwork/contract';
import type { JobRepository, JobRow } from '@voxwork/db';
import { raiseHoldIn } from '../accounts/points-ledger.service.ts';
import { DomainError } from '../domain-error.ts';
import type { JobLifecycle } from './job-lifecycle.ts';
import { dependentStages } from './pipeline-definition.ts';

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

export function createJobGates(jobs: JobRepository, { pipelineOf, usesSlot, admitWaiting, send, publish, view, ownedJob }: JobLifecycle) {
  return {
    /** Runs `stage` and every stage depending on it again, keeping the other stages' outputs. */
    async rerunStage(id: string, ownerId: string, stage: string, locale?: Locale): Promise<JobView> {
      const row = await ownedJob(id, ownerId);
      const pipeline = pipelineOf(row.type)!;
      const affected = dependentStages(pipeline, stage, row.input);
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
          const affected = dependentStages(pipelineOf(row.type)!, decided.from, decided.input ?? row.input);
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

  };
}
