import {
  videoTranslationApproveCall,
  videoTranslationCreateCall,
  videoTranslationFitCall,
  videoTranslationOptionsCall,
  videoTranslationRegenerateCall,
  videoTranslationReviewCall,
  videoTranslationReviewSaveCall,
} from '@voxwork/contract';
import { videoTranslationTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Video translation: what the page can offer, runs, and the review gate of pro runs. */
export const videoTranslationServerTool = defineServerTool(videoTranslationTool, {
  calls: ({ videoTranslation }) => [
    bindCall(videoTranslationOptionsCall, async (_body, context) => videoTranslation.options(requireUserId(context))),
    bindCall(videoTranslationCreateCall, async (body, context) => videoTranslation.create(requireUserId(context), body)),
    // The review gate of pro runs.
    bindCall(videoTranslationReviewCall, async (body, context) => videoTranslation.review(requireUserId(context), body.jobId)),
    bindCall(videoTranslationReviewSaveCall, async ({ jobId, ...edits }, context) => videoTranslation.save(requireUserId(context), jobId, edits)),
    bindCall(videoTranslationRegenerateCall, async (body, context) => videoTranslation.regenerate(requireUserId(context), body.jobId)),
    bindCall(videoTranslationFitCall, async ({ jobId, ...choice }, context) => videoTranslation.fit(requireUserId(context), jobId, choice)),
    bindCall(videoTranslationApproveCall, async (body, context) => videoTranslation.approve(requireUserId(context), body.jobId)),
  ],
  apiCreate: ({ videoTranslation }, userId, body, options) => videoTranslation.create(userId, body, options),
});
