import { MicIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `voice-cloning`: sidebar icon, history labels (see `lib/web-tool.ts`). */
export const voiceCloningWeb = defineWebTool({
  id: "voice-cloning",
  icons: { "voice-cloning": MicIcon },
  jobLabels: { "voice-cloning.clone": "history.kinds.voiceCloningClone" },
});
