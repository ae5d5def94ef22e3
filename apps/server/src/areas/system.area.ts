import { ErrorCode, selfCheckCreateCall, selfCheckGetCall, systemTimeCall } from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import type { Area } from './area.ts';

export const systemArea: Area = {
  name: 'system',
  calls: ({ services }) => [
    bindCall(systemTimeCall, async () => ({ serverTime: Date.now() })),
    bindCall(selfCheckCreateCall, async (body) => {
      const { ownerId, cost, ...input } = body;
      if (cost && !ownerId) throw new DomainError(ErrorCode.INVALID_PARAMETER, { field: 'ownerId', reason: 'required' });
      if (ownerId && !(await services.points.findAccount(ownerId))) throw new DomainError(ErrorCode.ACCOUNT_NOT_FOUND);
      const job = await services.jobs.enqueue('system.selfCheck', input, {
        ownerId: ownerId ?? null,
        cost: cost ?? 0,
        title: `Self-check ${input.frequencyHz} Hz, ${input.durationSeconds} s`,
      });
      return { jobId: job.id };
    }),
    bindCall(selfCheckGetCall, async (body) => services.jobs.get(body.jobId)),
  ],
};
