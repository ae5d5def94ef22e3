import { TypeIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `text-to-speech`: sidebar icon, history labels (see `lib/web-tool.ts`). */
export const textToSpeechWeb = defineWebTool({
  id: "text-to-speech",
  icons: { "text-to-speech": TypeIcon },
  jobLabels: { "text-to-speech.synthesize": "history.kinds.textToSpeechSynthesize" },
});
