import { avatarCreateCall, avatarFacesCall, avatarOptionsCall, avatarPreviewCall } from '@voxwork/contract';
import { avatarTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** AI avatar video: avatars, animators and price; the faces of a photo; the free preview; renders. */
export const avatarServerTool = defineServerTool(avatarTool, {
  calls: ({ avatar }) => [
    bindCall(avatarOptionsCall, async (_body, context) => avatar.options(requireUserId(context))),
    bindCall(avatarFacesCall, async (body, context) => avatar.faces(requireUserId(context), body)),
    bindCall(avatarPreviewCall, async (body, context) => avatar.preview(requireUserId(context), body)),
    bindCall(avatarCreateCall, async (body, context) => avatar.create(requireUserId(context), body)),
  ],
  // Built-in illustrated avatars speaking a script need no upload; photos, recordings and backgrounds take upload ids.
  apiCreate: ({ avatar }, userId, body, options) => avatar.create(userId, body, options),
});
