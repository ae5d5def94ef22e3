import { TOOL_CATALOGUE, type NavToolPage, type ToolNavGroup, type ToolPage } from "@voxwork/contract/tools";
import { toolPageKey, type WorkbenchPage } from "./route-meta";

/**
 * The workbench sidebar: the tool catalogue's `tool` and `hub` pages (`@voxwork/contract`) by
 * their nav group, in catalogue order, between the shell's home and account pages. Icons are
 * lucide names resolved by the sidebar. Paths are locale-neutral; wrap with `localizePath()`.
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
  | "subtitles"
  | "stems"
  | "burnIn"
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

/** The icon of every page the sidebar shows (a new `tool` or `hub` page without one fails typecheck). */
export const TOOL_ICONS: Record<NavToolPage["id"], NavIcon> = {
  "text-to-speech": "text",
  "speech-to-speech": "speech",
  "voice-cloning": "clone",
  "voice-library": "library",
  "video-translator": "translate",
  "video-translator-pro": "translatePro",
  "dubbing-studio": "dubbing",
  "dubbing-pro": "dubbingPro",
  "ai-avatar-video": "avatar",
  "ai-tools": "tools",
  "video-erasure": "erase",
  "subtitle-extraction": "subtitles",
  "audio-separation": "stems",
  "subtitle-burn-in": "burnIn",
};

const GROUP_LABELS: Record<ToolNavGroup, NavGroup["labelKey"]> = { create: "shell.groupCreate", voices: "shell.groupVoices", video: "shell.groupVideo" };

const isNavPage = (page: ToolPage): page is NavToolPage => page.kind === "tool" || page.kind === "hub";

/** Tools reached from a hub's card (`hub` in the catalogue): the sidebar shows the hub for them. */
export const HUB_TOOL_PATHS: readonly string[] = TOOL_CATALOGUE.flatMap((tool) => ("hub" in tool ? tool.pages.map((page) => page.paths.en) : []));

function toolItems(group: ToolNavGroup): NavItem[] {
  return TOOL_CATALOGUE.filter((tool) => tool.navGroup === group && !("hub" in tool)).flatMap((tool) =>
    (tool.pages as readonly ToolPage[]).filter(isNavPage).map((page) => ({ page: toolPageKey(page.id), path: page.paths.en, icon: TOOL_ICONS[page.id] })),
  );
}

export const WORKBENCH_NAV: NavGroup[] = [
  { labelKey: GROUP_LABELS.create, items: [{ page: "workbenchHome", path: "/workbench/home", icon: "home" }, ...toolItems("create")] },
  { labelKey: GROUP_LABELS.voices, items: toolItems("voices") },
  { labelKey: GROUP_LABELS.video, items: toolItems("video") },
  {
    labelKey: "shell.groupAccount",
    items: [
      { page: "workbenchMyPlan", path: "/workbench/my-plan", icon: "plan" },
      { page: "workbenchPricing", path: "/workbench/pricing", icon: "pricing" },
      { page: "workbenchAccount", path: "/workbench/account", icon: "account" },
    ],
  },
];
