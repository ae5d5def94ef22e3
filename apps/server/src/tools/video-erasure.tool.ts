import { videoErasureCreateCall, videoErasureDetectCall, videoErasureOptionsCall, videoErasurePreviewCall } from '@voxwork/contract';
import { videoErasureTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Video erasure: price and limits, finding the text, the free preview, and runs. */
export const videoErasureServerTool = defineServerTool(videoErasureTool, {
  calls: ({ videoErasure }) => [
    bindCall(videoErasureOptionsCall, async (_body, context) => videoErasure.options(requireUserId(context))),
    bindCall(videoErasureDetectCall, async (body, context) => videoErasure.detect(requireUserId(context), body)),
    bindCall(videoErasurePreviewCall, async (body, context) => videoErasure.preview(requireUserId(context), body)),
    bindCall(videoErasureCreateCall, async (body, context) => videoErasure.create(requireUserId(context), body)),
  ],
  apiCreate: ({ videoErasure }, userId, body, options) => videoErasure.create(userId, body, options),
});
