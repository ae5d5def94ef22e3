import { voiceCloningCheckCall, voiceCloningCreateCall, voiceCloningDeleteCall, voiceCloningRenameCall } from '@voxwork/contract';
import { voiceCloningTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Voice cloning: recording checks, clones, renaming and deleting cloned voices. */
export const voiceCloningServerTool = defineServerTool(voiceCloningTool, {
  calls: ({ voiceCloning }) => [
    bindCall(voiceCloningCheckCall, async (body, context) => voiceCloning.checkRecording(requireUserId(context), body.uploadId)),
    bindCall(voiceCloningCreateCall, async (body, context) => voiceCloning.createClone(requireUserId(context), body)),
    bindCall(voiceCloningRenameCall, async (body, context) => voiceCloning.renameClone(requireUserId(context), body.id, body.name)),
    bindCall(voiceCloningDeleteCall, async (body, context) => {
      await voiceCloning.deleteClone(requireUserId(context), body.id);
      return { ok: true as const };
    }),
  ],
  // A clone takes a voice slot; its recording goes through the same checks as in the workbench (consent required).
  apiCreate: ({ voiceCloning }, userId, body, options) => voiceCloning.createClone(userId, body, options),
});
