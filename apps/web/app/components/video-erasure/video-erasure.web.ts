import { EraserIcon, SparklesIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `video-erasure`: sidebar icon, history labels, hub card (its tool holds the AI tools hub page) (see `lib/web-tool.ts`). */
export const videoErasureWeb = defineWebTool({
  id: "video-erasure",
  icons: { "ai-tools": SparklesIcon, "video-erasure": EraserIcon },
  jobLabels: { "video-erasure.detect": "history.kinds.videoErasureDetect", "video-erasure.preview": "history.kinds.videoErasurePreview", "video-erasure.erase": "history.kinds.videoErasureErase" },
  hubCard: { hint: "videoErasure.hubHint" },
});
