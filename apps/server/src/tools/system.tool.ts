import { selfCheckCreateCall, selfCheckGetCall, systemTimeCall } from '@voxwork/contract';
import { systemTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { defineServerTool } from './server-tool.ts';

/** The server's clock and operators' self-check jobs (operator calls: the contract plugin checks the operator token). */
export const systemServerTool = defineServerTool(systemTool, {
  calls: ({ system }) => [
    bindCall(systemTimeCall, async () => ({ serverTime: Date.now() })),
    bindCall(selfCheckCreateCall, async (body) => system.selfCheck(body)),
    bindCall(selfCheckGetCall, async (body) => system.get(body.jobId)),
  ],
});
