import { callHandle } from '../call.ts';
import type * as calls from '../calls/index.ts';

/** The handles of `avatar`'s calls (`calls/avatar.calls.ts`) the web app makes. */
export const avatarOptionsCall = callHandle<typeof calls.avatarOptionsCall>('/api/avatar/options');
export const avatarFacesCall = callHandle<typeof calls.avatarFacesCall>('/api/avatar/faces');
export const avatarPreviewCall = callHandle<typeof calls.avatarPreviewCall>('/api/avatar/preview');
export const avatarCreateCall = callHandle<typeof calls.avatarCreateCall>('/api/avatar/create');
