import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { JobService } from '../jobs/job.service.ts';
import type { SelfCheckJobInput } from './self-check.pipeline.ts';

export interface SystemServiceDeps {
  jobs: JobService;
  /** Whether a points account exists for the user (a charged self-check needs one). */
  accountExists: (userId: string) => Promise<boolean>;
}

/** What an operator asks for: the check, and optionally whose job it is and what it costs. */
export type SelfCheckRequest = SelfCheckJobInput & { ownerId?: string | undefined; cost?: number | undefined };

/** Operators' self-check jobs: a charged check needs an owner with an account. */
export function createSystemService(deps: SystemServiceDeps) {
  return {
    async selfCheck({ ownerId, cost, ...input }: SelfCheckRequest): Promise<{ jobId: string }> {
      if (cost && !ownerId) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'ownerId', reason: 'required' });
      if (ownerId && !(await deps.accountExists(ownerId))) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
      const job = await deps.jobs.enqueue('system.selfCheck', input, {
        ownerId: ownerId ?? null,
        cost: cost ?? 0,
        title: `Self-check ${input.frequencyHz} Hz, ${input.durationSeconds} s`,
      });
      return { jobId: job.id };
    },
    get: (jobId: string) => deps.jobs.get(jobId),
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
