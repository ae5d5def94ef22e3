import { TOOL_CATALOGUE, type ToolEntry, type ToolPage } from "@voxwork/contract/tools";
import { webTool } from "../../lib/web-tools";

/** The catalogue puts the tool in the hub: it holds the hub page (video erasure) or is one of its cards. */
const inHub = (tool: ToolEntry) => "hub" in tool || (tool.pages as readonly ToolPage[]).some((page) => page.kind === "hub");

/**
 * The hub's tools: those the catalogue puts in it, then those whose web part offers a card as well
 * as their own sidebar entry (AI avatar video's photo speaker, the spec's talking photo), each in
 * catalogue order.
 */
export const HUB_TOOLS: readonly ToolEntry[] = [...TOOL_CATALOGUE.filter(inHub), ...TOOL_CATALOGUE.filter((tool) => !inHub(tool) && webTool(tool.id).hubCard)];
