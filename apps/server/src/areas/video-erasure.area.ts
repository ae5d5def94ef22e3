import { videoErasureCreateCall, videoErasureDetectCall, videoErasureOptionsCall, videoErasurePreviewCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Video erasure: price and limits, finding the text, the free preview, and runs. */
export const videoErasureArea: Area = {
  name: 'video-erasure',
  calls: ({ services: { videoErasure } }) => [
    bindCall(videoErasureOptionsCall, async (_body, context) => videoErasure.options(requireUserId(context))),
    bindCall(videoErasureDetectCall, async (body, context) => videoErasure.detect(requireUserId(context), body)),
    bindCall(videoErasurePreviewCall, async (body, context) => videoErasure.preview(requireUserId(context), body)),
    bindCall(videoErasureCreateCall, async (body, context) => videoErasure.create(requireUserId(context), body)),
  ],
};
