import { LibraryBigIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `series`: its sidebar icon; its episodes run as video translations, so it has no job type (and no history label) of its own (see `lib/web-tool.ts`). */
export const seriesWeb = defineWebTool({
  id: "series",
  icons: { series: LibraryBigIcon },
  jobLabels: {},
});
