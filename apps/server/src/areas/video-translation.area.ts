import { videoTranslationCreateCall, videoTranslationOptionsCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Video translation: what the page can offer, and runs. */
export const videoTranslationArea: Area = {
  name: 'video-translation',
  calls: ({ services: { videoTranslation } }) => [
    bindCall(videoTranslationOptionsCall, async (_body, context) => videoTranslation.options(requireUserId(context))),
    bindCall(videoTranslationCreateCall, async (body, context) => videoTranslation.create(requireUserId(context), body)),
  ],
};
