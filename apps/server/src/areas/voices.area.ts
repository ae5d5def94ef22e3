import { voiceFavoriteCall, voiceGetCall, voiceListCall, voicePreviewCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** The voice library: list with facets, one voice, favourites, preview samples. */
export const voicesArea: Area = {
  name: 'voices',
  calls: ({ services: { voices } }) => [
    bindCall(voiceListCall, async (body, context) => voices.listVoices(requireUserId(context), body)),
    bindCall(voiceGetCall, async (body, context) => voices.getVoice(requireUserId(context), body.voiceKey)),
    bindCall(voiceFavoriteCall, async (body, context) => {
      await voices.setFavorite(requireUserId(context), body.voiceKey, body.favorite);
      return { ok: true as const };
    }),
    bindCall(voicePreviewCall, async (body, context) => voices.voicePreview(requireUserId(context), body.voiceKey)),
  ],
};
