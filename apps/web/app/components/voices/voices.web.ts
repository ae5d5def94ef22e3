import { LibraryIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `voices`: sidebar icon; it queues no jobs (see `lib/web-tool.ts`). */
export const voicesWeb = defineWebTool({
  id: "voices",
  icons: { "voice-library": LibraryIcon },
  jobLabels: {},
});
