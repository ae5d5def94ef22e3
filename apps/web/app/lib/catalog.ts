/** Product tools, in the order they are presented. Names/descriptions live in the i18n catalogues under `tools.<id>`. */
export const TOOL_IDS = [
  "textToSpeech",
  "speechToSpeech",
  "voiceCloning",
  "voiceLibrary",
  "talkingPhoto",
  "videoTranslation",
  "dubbing",
  "aiAvatarVideo",
  "videoErasure",
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Target audiences. Copy lives in the i18n catalogues under `audiences.<id>`. */
export const AUDIENCE_IDS = ["creators", "educators", "ecommerce", "shortDrama"] as const;
export type AudienceId = (typeof AUDIENCE_IDS)[number];

/** Locale-neutral paths; wrap with `localizePath()` before linking. */
export const PATHS = {
  home: "/",
  workbench: "/workbench/home",
  pricing: "/pricing",
} as const;
