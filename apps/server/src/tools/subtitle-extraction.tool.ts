import { subtitleExtractionCreateCall, subtitleExtractionOptionsCall } from '@voxwork/contract';
import { subtitleExtractionTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Subtitle extraction: readers, price and limits, and runs. */
export const subtitleExtractionServerTool = defineServerTool(subtitleExtractionTool, {
  calls: ({ subtitleExtraction }) => [
    bindCall(subtitleExtractionOptionsCall, async (_body, context) => subtitleExtraction.options(requireUserId(context))),
    bindCall(subtitleExtractionCreateCall, async (body, context) => subtitleExtraction.create(requireUserId(context), body)),
  ],
  apiCreate: ({ subtitleExtraction }, userId, body, options) => subtitleExtraction.create(userId, body, options),
});
