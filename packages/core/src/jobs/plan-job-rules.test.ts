import { planByVipLevel } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { planJobRules } from './plan-job-rules.ts';

describe('planJobRules', () => {
  it('gives a job its owner’s plan: queue priority and run slots; an unknown owner is on the free plan', async () => {
    const levels: Record<string, number | undefined> = { paid: 2, unknown: undefined };
    const rules = planJobRules(async (ownerId) => levels[ownerId]);
    const paid = planByVipLevel(2).comboDetail;
    const free = planByVipLevel(0).comboDetail;
    expect(await rules.priorityOf('paid')).toBe(paid.queuePriority);
    expect(await rules.slotsOf('paid')).toEqual({ running: paid.concurrentJobs, waiting: paid.waitingJobs });
    expect(await rules.priorityOf('unknown')).toBe(free.queuePriority);
    expect(await rules.slotsOf('unknown')).toEqual({ running: free.concurrentJobs, waiting: free.waitingJobs });
    // Paid plans go first.
    expect(paid.queuePriority).toBeGreaterThan(free.queuePriority);
  });
});
