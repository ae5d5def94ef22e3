import { voiceCloneCheckCall, voiceCloneCreateCall, voiceCloneDeleteCall, voiceCloneRenameCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Voice cloning: recording checks, clones, renaming and deleting cloned voices. */
export const voiceCloningArea: Area = {
  name: 'voice-cloning',
  calls: ({ services: { voiceCloning } }) => [
    bindCall(voiceCloneCheckCall, async (body, context) => voiceCloning.checkRecording(requireUserId(context), body.uploadId)),
    bindCall(voiceCloneCreateCall, async (body, context) => voiceCloning.createClone(requireUserId(context), body)),
    bindCall(voiceCloneRenameCall, async (body, context) => voiceCloning.renameClone(requireUserId(context), body.id, body.name)),
    bindCall(voiceCloneDeleteCall, async (body, context) => {
      await voiceCloning.deleteClone(requireUserId(context), body.id);
      return { ok: true as const };
    }),
  ],
};
