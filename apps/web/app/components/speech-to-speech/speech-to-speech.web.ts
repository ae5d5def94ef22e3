import { SpeechIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `speech-to-speech`: sidebar icon, history labels (see `lib/web-tool.ts`). */
export const speechToSpeechWeb = defineWebTool({
  id: "speech-to-speech",
  icons: { "speech-to-speech": SpeechIcon },
  jobLabels: { "speech-to-speech.convert": "history.kinds.speechToSpeechConvert" },
});
