import { subtitleExtractionCreateCall, subtitleExtractionOptionsCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Subtitle extraction: readers, price and limits, and runs. */
export const subtitleExtractionArea: Area = {
  name: 'subtitle-extraction',
  calls: ({ services: { subtitleExtraction } }) => [
    bindCall(subtitleExtractionOptionsCall, async (_body, context) => subtitleExtraction.options(requireUserId(context))),
    bindCall(subtitleExtractionCreateCall, async (body, context) => subtitleExtraction.create(requireUserId(context), body)),
  ],
};
