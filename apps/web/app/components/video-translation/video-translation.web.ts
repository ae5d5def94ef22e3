import { FileAudioIcon, LanguagesIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";
import { translationResultPath } from "../../lib/translation/translation-result";

/** The web part of `video-translation`: sidebar icons, history label, its result page, and the pro edition's name for a pro run (see `lib/web-tool.ts`). */
export const videoTranslationWeb = defineWebTool({
  id: "video-translation",
  icons: { "video-translator": LanguagesIcon, "video-translator-pro": FileAudioIcon },
  jobLabels: { "video-translation.dub": "history.kinds.videoTranslationDub" },
  resultPages: { "video-translation.dub": translationResultPath },
  // A pro translation is the same job type as a quick one; its edition is `input.mode`.
  runLabel: (job) => (job.input.mode === "pro" ? "wbPage.workbenchVideoTranslatorPro" : null),
});
