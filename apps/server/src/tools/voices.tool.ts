import { voiceFavoriteCall, voiceGetCall, voiceListCall, voicePreviewCall } from '@voxwork/contract';
import { voicesTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** The voice library: list with facets, one voice, favourites, preview samples. Its service is built before the tools (every speaking tool uses it). */
export const voicesServerTool = defineServerTool(voicesTool, {
  calls: ({ voices }) => [
    bindCall(voiceListCall, async (body, context) => voices.listVoices(requireUserId(context), body)),
    bindCall(voiceGetCall, async (body, context) => voices.getVoice(requireUserId(context), body.voiceKey)),
    bindCall(voiceFavoriteCall, async (body, context) => {
      await voices.setFavorite(requireUserId(context), body.voiceKey, body.favorite);
      return { ok: true as const };
    }),
    bindCall(voicePreviewCall, async (body, context) => voices.voicePreview(requireUserId(context), body.voiceKey)),
  ],
  rest: ({ mount }, { voices }) => {
    mount('v1_list_voices', async ({ caller, query }) => {
      const { page, pageSize, ...filters } = query as { page: number; pageSize: number; tab: 'all' };
      return voices.listVoices(caller.userId, { ...filters, pageNum: page, pageSize });
    });
  },
});
