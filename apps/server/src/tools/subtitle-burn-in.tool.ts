import { subtitleBurnInCreateCall, subtitleBurnInOptionsCall } from '@voxwork/contract';
import { subtitleBurnInTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Subtitle burn-in: price and limits, and runs. */
export const subtitleBurnInServerTool = defineServerTool(subtitleBurnInTool, {
  calls: ({ subtitleBurnIn }) => [
    bindCall(subtitleBurnInOptionsCall, async (_body, context) => subtitleBurnIn.options(requireUserId(context))),
    bindCall(subtitleBurnInCreateCall, async (body, context) => subtitleBurnIn.create(requireUserId(context), body)),
  ],
  apiCreate: ({ subtitleBurnIn }, userId, body, options) => subtitleBurnIn.create(userId, body, options),
});
