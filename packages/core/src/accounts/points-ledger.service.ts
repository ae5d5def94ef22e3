import { ErrorCode } from '@voxwork/contract';
import { isUniqueViolation, type EntryInput, type PointEntryRow, type PointsRepository } from '@voxwork/db';
import { DomainError } from '../domain-error.ts';

export type HoldOutcome = { status: 'frozen' | 'already-frozen'; amount: number };
export type CloseOutcome = { status: 'settled' | 'released' | 'already-settled' | 'already-released'; charged: number; refunded: number };

/**
 * The points ledger: every change is an append-only entry written in the same transaction as the
 * balance change, keyed for idempotency, so retries, crashes and concurrent calls never lose or
 * double-count points. Jobs use freeze → settle (success) or release (failure, cancel).
 */
export function createPointsLedger({ points }: { points: PointsRepository }) {
  /** Applies one entry exactly once: a repeat of the same key returns the first entry. */
  async function applyOnce(input: EntryInput, onInsufficient: () => DomainError): Promise<{ entry: PointEntryRow; duplicate: boolean }> {
    try {
      return await points.transaction(async (tx) => {
        const existing = await tx.findEntryByKey(input.idempotencyKey);
        if (existing) return { entry: existing, duplicate: true };
        const entry = await tx.applyEntry(input);
        if (!entry) throw onInsufficient();
        return { entry, duplicate: false };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await points.findEntryByKey(input.idempotencyKey);
      if (!existing) throw error;
      return { entry: existing, duplicate: true };
    }
  }

  function assertPoints(value: number, name: string, allowZero = false) {
    if (!Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0)) {
      throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: name, reason: 'invalid_value' });
    }
  }

  async function close(jobId: string, mode: 'settle' | 'release', actualPoints: number): Promise<CloseOutcome> {
    const run = () => points.transaction((tx) => closeHoldIn(tx, jobId, mode, actualPoints));
    try {
      return await run();
    } catch (error) {
      // A concurrent close of the same hold lost the race on the unique key: report its result.
      if (isUniqueViolation(error)) return run();
      throw error;
    }
  }

  return {
    /** Freezes `amount` points for a job; a job can hold once. Fails with POINTS_INSUFFICIENT and changes nothing. */
    async freeze(userId: string, amount: number, jobId: string): Promise<HoldOutcome> {
      assertPoints(amount, 'points');
      try {
        return await points.transaction((tx) => freezeIn(tx, userId, amount, jobId));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const hold = await points.findHold(jobId);
        if (hold?.userId !== userId) throw error;
        return { status: 'already-frozen', amount: hold.amount };
      }
    },

    /** Charges `actualPoints` (at most the frozen amount) and returns the rest; only the first call counts. */
    settle(jobId: string, actualPoints: number): Promise<CloseOutcome> {
      assertPoints(actualPoints, 'actualPoints', true);
      return close(jobId, 'settle', actualPoints);
    },

    /** Returns all frozen points of a job (failure or cancel: the user sees "refunded"); only the first call counts. */
    release(jobId: string): Promise<CloseOutcome> {
      return close(jobId, 'release', 0);
    },

    /** Adds points (grant, purchase, redeem, refund) or, for `adjust`, adds or removes them; idempotent by key. */
    async credit(input: { userId: string; type: 'grant' | 'purchase' | 'redeem' | 'refund' | 'adjust' | 'expire'; points: number; idempotencyKey: string; reason?: string; reference?: string }) {
      if (!Number.isSafeInteger(input.points) || input.points === 0) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'points', reason: 'invalid_value' });
      return applyOnce(
        {
          userId: input.userId,
          type: input.type,
          availableDelta: input.points,
          idempotencyKey: input.idempotencyKey,
          reason: input.reason ?? null,
          reference: input.reference ?? null,
        },
        () => new DomainError(ErrorCode.POINTS_INSUFFICIENT, { required: -input.points }),
      );
    },

    /** Releases holds older than `olderThan` whose job never closed them (crashed or lost jobs). */
    async releaseOrphans(olderThan: Date, limit = 100): Promise<number> {
      const stale = await points.findHeldBefore(olderThan, limit);
      let released = 0;
      for (const hold of stale) {
        const outcome = await close(hold.jobId, 'release', 0);
        if (outcome.status === 'released') released++;
      }
      return released;
    },
  };
}

export type PointsLedger = ReturnType<typeof createPointsLedger>;

/** Freezes points for a job inside the caller's transaction (so a job row and its hold commit together). */
export async function freezeIn(tx: PointsRepository, userId: string, amount: number, jobId: string): Promise<HoldOutcome> {
  if (!(await tx.insertHold({ jobId, userId, amount }))) {
    const hold = await tx.findHold(jobId);
    if (hold?.userId !== userId) throw new DomainError(ErrorCode.POINTS_HOLD_CONFLICT);
    return { status: 'already-frozen', amount: hold.amount };
  }
  const entry = await tx.applyEntry({ userId, type: 'freeze', availableDelta: -amount, freezeDelta: amount, idempotencyKey: `freeze:${jobId}`, jobId });
  if (!entry) throw new DomainError(ErrorCode.POINTS_INSUFFICIENT, { required: amount });
  return { status: 'frozen', amount };
}

/** Settles (charges at most the hold) or releases a job's hold inside the caller's transaction; only the first close counts. */
export async function closeHoldIn(tx: PointsRepository, jobId: string, mode: 'settle' | 'release', actualPoints: number): Promise<CloseOutcome> {
  const hold = await tx.lockHold(jobId);
  if (!hold) throw new DomainError(ErrorCode.POINTS_HOLD_NOT_FOUND);
  if (hold.status !== 'held') {
    const charged = hold.charged ?? 0;
    return { status: hold.status === 'settled' ? 'already-settled' : 'already-released', charged, refunded: hold.amount - charged };
  }
  const charged = mode === 'settle' ? Math.max(0, Math.min(actualPoints, hold.amount)) : 0;
  const entry = await tx.applyEntry({
    userId: hold.userId,
    type: mode,
    availableDelta: hold.amount - charged,
    freezeDelta: -hold.amount,
    idempotencyKey: `${mode}:${jobId}`,
    jobId,
  });
  if (!entry) throw new Error(`ledger invariant broken: cannot ${mode} hold of job ${jobId}`);
  await tx.closeHold(jobId, mode === 'settle' ? 'settled' : 'released', charged);
  return { status: mode === 'settle' ? 'settled' : 'released', charged, refunded: hold.amount - charged };
}

/**
 * Freezes `amount` more points for a job that is still holding (work its owner added: lines
 * regenerated at a review gate), inside the caller's transaction. The entry's key makes a repeat a
 * no-op; not enough points fails with POINTS_INSUFFICIENT and changes nothing.
 */
export async function raiseHoldIn(tx: PointsRepository, jobId: string, amount: number, entry: { key: string; reason: string }): Promise<HoldOutcome> {
  const hold = await tx.lockHold(jobId);
  if (!hold) throw new DomainError(ErrorCode.POINTS_HOLD_NOT_FOUND);
  const idempotencyKey = `freeze:${jobId}:${entry.key}`;
  if (await tx.findEntryByKey(idempotencyKey)) return { status: 'already-frozen', amount: hold.amount };
  if (hold.status !== 'held' || !(await tx.raiseHold(jobId, amount))) throw new DomainError(ErrorCode.POINTS_HOLD_CONFLICT);
  const applied = await tx.applyEntry({ userId: hold.userId, type: 'freeze', availableDelta: -amount, freezeDelta: amount, idempotencyKey, jobId, reason: entry.reason });
  if (!applied) throw new DomainError(ErrorCode.POINTS_INSUFFICIENT, { required: amount });
  return { status: 'frozen', amount: hold.amount + amount };
}
