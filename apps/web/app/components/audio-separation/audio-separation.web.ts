import { AudioWaveformIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `audio-separation`: sidebar icon, history labels, hub card (see `lib/web-tool.ts`). */
export const audioSeparationWeb = defineWebTool({
  id: "audio-separation",
  icons: { "audio-separation": AudioWaveformIcon },
  jobLabels: { "audio-separation.separate": "history.kinds.audioSeparationSeparate" },
  hubCard: { hint: "audioSeparation.hubHint" },
});
