import { TOOL_CATALOGUE, type ToolStatus } from "@voxwork/contract/tools";
import type { ToolId } from "../catalog";
import { TOOL_LANDINGS } from "./marketing-paths";

/** What the marketing pages need of a catalogue entry: its status and its workbench pages. */
export interface CatalogueEntryLike {
  id: string;
  status: ToolStatus;
  pages: readonly { paths: { en: string } }[];
}

/**
 * The catalogue's built / not-yet status of a marketing tool (the tool whose pages hold the
 * marketing tool's workbench page). Marketing pages read it, so a page never sells a tool the
 * workbench does not have, and stops saying "being built" the day the tool lands (issue 18).
 */
export function marketingToolStatus(tool: ToolId, catalogue: readonly CatalogueEntryLike[] = TOOL_CATALOGUE): ToolStatus {
  const path = TOOL_LANDINGS[tool].workbench;
  const entry = catalogue.find((candidate) => candidate.pages.some((page) => page.paths.en === path));
  if (!entry) throw new Error(`no catalogue tool has the page ${path} (marketing tool ${tool})`);
  return entry.status;
}

/** Each tool's status, for pages that list several. */
export function marketingToolStatuses(tools: readonly ToolId[], catalogue?: readonly CatalogueEntryLike[]): Array<{ tool: ToolId; built: boolean }> {
  return tools.map((tool) => ({ tool, built: marketingToolStatus(tool, catalogue) === "built" }));
}
