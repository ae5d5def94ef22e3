/**
 * Every tool of the product, by catalogue id, in the order the sidebar, the history's tool filter,
 * the workbench home and the OpenAPI document show them: the one list a new tool is added to by
 * hand in the contract (decision 068). Its entry is `<tool id>.entry.ts` in this folder; every
 * per-layer list of tools (`*.generated.ts`) is written from this order and the tools' folders by
 * `npm run generate:tools`. Import-free: the generator reads it before anything else.
 */
export const TOOL_ORDER = [
  'text-to-speech',
  'speech-to-speech',
  'voice-cloning',
  'voices',
  'video-translation',
  'dubbing',
  'avatar',
  'video-erasure',
  'subtitle-extraction',
  'audio-separation',
  'subtitle-burn-in',
  'series',
] as const;
