import type { WorkbenchPage } from "./route-meta";

/**
 * The workbench sidebar: every tool, grouped. Icons are lucide names resolved by the sidebar.
 * Paths are locale-neutral; wrap with `localizePath()`.
 */
export type NavIcon =
  | "home"
  | "text"
  | "speech"
  | "clone"
  | "library"
  | "translate"
  | "translatePro"
  | "dubbing"
  | "dubbingPro"
  | "avatar"
  | "tools"
  | "erase"
  | "plan"
  | "pricing"
  | "account";

export interface NavItem {
  page: WorkbenchPage;
  path: string;
  icon: NavIcon;
}

export interface NavGroup {
  labelKey: "shell.groupCreate" | "shell.groupVoices" | "shell.groupVideo" | "shell.groupAccount";
  items: NavItem[];
}

export const WORKBENCH_NAV: NavGroup[] = [
  {
    labelKey: "shell.groupCreate",
    items: [
      { page: "workbenchHome", path: "/workbench/home", icon: "home" },
      { page: "workbenchTextToSpeech", path: "/workbench/text-to-speech", icon: "text" },
      { page: "workbenchSpeechToSpeech", path: "/workbench/speech-to-speech", icon: "speech" },
    ],
  },
  {
    labelKey: "shell.groupVoices",
    items: [
      { page: "workbenchVoiceCloning", path: "/workbench/voice-cloning", icon: "clone" },
      { page: "workbenchVoiceLibrary", path: "/workbench/voice-library", icon: "library" },
    ],
  },
  {
    labelKey: "shell.groupVideo",
    items: [
      { page: "workbenchVideoTranslator", path: "/workbench/video-translator", icon: "translate" },
      { page: "workbenchVideoTranslatorPro", path: "/workbench/video-translator-pro", icon: "translatePro" },
      { page: "workbenchDubbingStudio", path: "/workbench/dubbing-studio", icon: "dubbing" },
      { page: "workbenchDubbingPro", path: "/workbench/dubbing-pro", icon: "dubbingPro" },
      { page: "workbenchAiAvatarVideo", path: "/workbench/ai-avatar-video", icon: "avatar" },
      { page: "workbenchAiTools", path: "/workbench/ai-tools", icon: "tools" },
      { page: "workbenchVideoErasure", path: "/workbench/ai-tools/video-erasure", icon: "erase" },
    ],
  },
  {
    labelKey: "shell.groupAccount",
    items: [
      { page: "workbenchMyPlan", path: "/workbench/my-plan", icon: "plan" },
      { page: "workbenchPricing", path: "/workbench/pricing", icon: "pricing" },
      { page: "workbenchAccount", path: "/workbench/account", icon: "account" },
    ],
  },
];

/** Tool pages shown with the "arrives soon" empty state; keyed by route id in `app/routes.ts`. */
export const TOOL_PAGES = {
  "wb-text-to-speech": "workbenchTextToSpeech",
  "wb-speech-to-speech": "workbenchSpeechToSpeech",
  "wb-voice-cloning": "workbenchVoiceCloning",
  "wb-voice-library": "workbenchVoiceLibrary",
  "wb-video-translator": "workbenchVideoTranslator",
  "wb-video-translator-pro": "workbenchVideoTranslatorPro",
  "wb-dubbing-studio": "workbenchDubbingStudio",
  "wb-dubbing-pro": "workbenchDubbingPro",
  "wb-dubbing-pro-details": "workbenchDubbingProDetails",
  "wb-ai-avatar-video": "workbenchAiAvatarVideo",
  "wb-ai-tools": "workbenchAiTools",
  "wb-video-erasure": "workbenchVideoErasure",
} as const satisfies Record<string, WorkbenchPage>;
export type ToolRouteId = keyof typeof TOOL_PAGES;
