import { selfCheckCreateCall, selfCheckGetCall, systemTimeCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import type { Area } from './area.ts';

export const systemArea: Area = {
  name: 'system',
  calls: ({ services }) => [
    bindCall(systemTimeCall, async () => ({ serverTime: Date.now() })),
    bindCall(selfCheckCreateCall, async (body) => {
      const job = await services.jobs.enqueue('system.selfCheck', body);
      return { jobId: job.id };
    }),
    bindCall(selfCheckGetCall, async (body) => services.jobs.get(body.jobId)),
  ],
};
