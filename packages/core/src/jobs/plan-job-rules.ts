import { planByVipLevel } from '@voxwork/contract';
import type { JobServiceDeps } from './job-lifecycle.ts';

/**
 * What a user's plan gives their jobs: a priority in the queue (paid plans go first when workers
 * are busy) and run slots (the plan's `concurrentJobs` at once, more waiting up to its
 * `waitingJobs`, decision 023). `vipLevelOf` reads the owner's plan level (0, free, when unknown).
 */
export function planJobRules(vipLevelOf: (ownerId: string) => Promise<number | undefined>): Required<Pick<JobServiceDeps, 'priorityOf' | 'slotsOf'>> {
  const planOf = async (ownerId: string) => planByVipLevel((await vipLevelOf(ownerId)) ?? 0).comboDetail;
  return {
    priorityOf: async (ownerId) => (await planOf(ownerId)).queuePriority,
    slotsOf: async (ownerId) => {
      const plan = await planOf(ownerId);
      return { running: plan.concurrentJobs, waiting: plan.waitingJobs };
    },
  };
}
