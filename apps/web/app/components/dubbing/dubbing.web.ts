import { AudioLinesIcon, UsersIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `dubbing`: sidebar icon, history labels (see `lib/web-tool.ts`). */
export const dubbingWeb = defineWebTool({
  id: "dubbing",
  icons: { "dubbing-studio": AudioLinesIcon, "dubbing-pro": UsersIcon },
  jobLabels: {
    "dubbing.prepare": "history.kinds.dubbingPrepare",
    "dubbing.translate": "history.kinds.dubbingTranslate",
    "dubbing.synthesize": "history.kinds.dubbingSynthesize",
    "dubbing.export": "history.kinds.dubbingExport",
  },
});
