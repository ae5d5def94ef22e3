import { avatarCreateCall, avatarFacesCall, avatarOptionsCall, avatarPreviewCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** AI avatar video: avatars, animators and price; the faces of a photo; the free preview; renders. */
export const avatarArea: Area = {
  name: 'avatar',
  calls: ({ services: { avatar } }) => [
    bindCall(avatarOptionsCall, async (_body, context) => avatar.options(requireUserId(context))),
    bindCall(avatarFacesCall, async (body, context) => avatar.faces(requireUserId(context), body)),
    bindCall(avatarPreviewCall, async (body, context) => avatar.preview(requireUserId(context), body)),
    bindCall(avatarCreateCall, async (body, context) => avatar.create(requireUserId(context), body)),
  ],
};
