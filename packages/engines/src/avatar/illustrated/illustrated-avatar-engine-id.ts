/** The illustrated avatars' engine id (no imports: the registry reads it without loading the engine). */
export const ILLUSTRATED_AVATAR_ENGINE_ID = 'voxwork:illustrated-avatar' as const;
