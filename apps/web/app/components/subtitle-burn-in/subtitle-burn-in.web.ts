import { CaptionsIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `subtitle-burn-in`: sidebar icon, history labels, hub card (see `lib/web-tool.ts`). */
export const subtitleBurnInWeb = defineWebTool({
  id: "subtitle-burn-in",
  icons: { "subtitle-burn-in": CaptionsIcon },
  jobLabels: { "subtitle-burn-in.burn": "history.kinds.subtitleBurnInBurn" },
  hubCard: { hint: "subtitleBurnIn.hubHint" },
});
