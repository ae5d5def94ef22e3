import type { ToolId } from "@voxwork/contract/tools";
import type { AnyWebTool, WebTool } from "./web-tool";
import { WEB_TOOL_PARTS } from "./web-tools.generated";

/**
 * The web part of every tool of the catalogue, by tool id, from the generated list of the files
 * `components/<tool>/<tool>.web.ts` (`npm run generate:tools`, decision 068): a tool without one
 * (or with one for another id) fails typecheck. The sidebar's icons (`workbench-nav.ts`), the history's job kinds
 * (`job-kinds.ts`) and the AI tools hub's cards (`components/ai-tools/`) are read from here.
 */
export const WEB_TOOLS: { readonly [Id in ToolId]: WebTool<Id> } = WEB_TOOL_PARTS;

/** The web part of a tool, for code that treats every tool alike. */
export function webTool(id: ToolId): AnyWebTool {
  return WEB_TOOLS[id];
}
