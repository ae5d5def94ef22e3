/**
 * The voice key that asks video translation for the original speaker's voice: a profile measured
 * from the video and rendered over a local voice of the target language. Schema-free, so the
 * browser imports it from `@voxwork/contract/client` without zod.
 */
export const MATCH_ORIGINAL_VOICE = 'match-original';
