import { TOOL_CATALOGUE, type NavToolPage, type ToolNavGroup, type ToolPage } from "@voxwork/contract/tools";
import { BadgeDollarSignIcon, CircleUserIcon, CrownIcon, HomeIcon, type LucideIcon } from "lucide-react";
import { toolPageKey, type WorkbenchPage } from "./route-meta";
import { webTool } from "./web-tools";

/**
 * The workbench sidebar: the tool catalogue's `tool` and `hub` pages (`@voxwork/contract`) by
 * their nav group, in catalogue order, between the shell's home and account pages, each with the
 * icon its tool's web part gives it (`lib/web-tools.ts`). Paths are locale-neutral; wrap with
 * `localizePath()`.
 */
export interface NavItem {
  page: WorkbenchPage;
  path: string;
  icon: LucideIcon;
}

export interface NavGroup {
  labelKey: "shell.groupCreate" | "shell.groupVoices" | "shell.groupVideo" | "shell.groupAccount";
  items: NavItem[];
}

const GROUP_LABELS: Record<ToolNavGroup, NavGroup["labelKey"]> = { create: "shell.groupCreate", voices: "shell.groupVoices", video: "shell.groupVideo" };

const isNavPage = (page: ToolPage): page is NavToolPage => page.kind === "tool" || page.kind === "hub";

/** Tools reached from a hub's card (`hub` in the catalogue): the sidebar shows the hub for them. */
export const HUB_TOOL_PATHS: readonly string[] = TOOL_CATALOGUE.flatMap((tool) => ("hub" in tool ? tool.pages.map((page) => page.paths.en) : []));

function toolItems(group: ToolNavGroup): NavItem[] {
  return TOOL_CATALOGUE.filter((tool) => tool.navGroup === group && !("hub" in tool)).flatMap((tool) =>
    (tool.pages as readonly ToolPage[]).filter(isNavPage).map((page) => ({ page: toolPageKey(page.id), path: page.paths.en, icon: webTool(tool.id).icons[page.id]! })),
  );
}

export const WORKBENCH_NAV: NavGroup[] = [
  { labelKey: GROUP_LABELS.create, items: [{ page: "workbenchHome", path: "/workbench/home", icon: HomeIcon }, ...toolItems("create")] },
  { labelKey: GROUP_LABELS.voices, items: toolItems("voices") },
  { labelKey: GROUP_LABELS.video, items: toolItems("video") },
  {
    labelKey: "shell.groupAccount",
    items: [
      { page: "workbenchMyPlan", path: "/workbench/my-plan", icon: CrownIcon },
      { page: "workbenchPricing", path: "/workbench/pricing", icon: BadgeDollarSignIcon },
      { page: "workbenchAccount", path: "/workbench/account", icon: CircleUserIcon },
    ],
  },
];
