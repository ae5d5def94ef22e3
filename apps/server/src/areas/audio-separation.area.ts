import { audioSeparationCreateCall, audioSeparationOptionsCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Audio separation: the separators and prices, and runs. */
export const audioSeparationArea: Area = {
  name: 'audio-separation',
  calls: ({ services: { audioSeparation } }) => [
    bindCall(audioSeparationOptionsCall, async (_body, context) => audioSeparation.options(requireUserId(context))),
    bindCall(audioSeparationCreateCall, async (body, context) => audioSeparation.create(requireUserId(context), body)),
  ],
};
