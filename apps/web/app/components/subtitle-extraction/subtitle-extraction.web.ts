import { ScanTextIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `subtitle-extraction`: sidebar icon, history labels, hub card (see `lib/web-tool.ts`). */
export const subtitleExtractionWeb = defineWebTool({
  id: "subtitle-extraction",
  icons: { "subtitle-extraction": ScanTextIcon },
  jobLabels: { "subtitle-extraction.extract": "history.kinds.subtitleExtractionExtract" },
  hubCard: { hint: "subtitleExtraction.hubHint" },
});
