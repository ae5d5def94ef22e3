/** Ids of the avatar engines (kept apart from their modules so the registry imports nothing heavy). */
export const FACE_LANDMARKS_ENGINE_ID = 'faceapi:landmarks-68';
export const TALKING_PHOTO_ENGINE_ID = 'voxwork:talking-photo';
