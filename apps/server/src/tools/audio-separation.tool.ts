import { audioSeparationCreateCall, audioSeparationOptionsCall } from '@voxwork/contract';
import { audioSeparationTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Audio separation: the separators and prices, and runs. */
export const audioSeparationServerTool = defineServerTool(audioSeparationTool, {
  calls: ({ audioSeparation }) => [
    bindCall(audioSeparationOptionsCall, async (_body, context) => audioSeparation.options(requireUserId(context))),
    bindCall(audioSeparationCreateCall, async (body, context) => audioSeparation.create(requireUserId(context), body)),
  ],
  apiCreate: ({ audioSeparation }, userId, body, options) => audioSeparation.create(userId, body, options),
});
