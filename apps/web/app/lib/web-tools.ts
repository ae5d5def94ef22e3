import type { ToolId } from "@voxwork/contract/tools";
import { audioSeparationWeb } from "../components/audio-separation/audio-separation.web";
import { avatarWeb } from "../components/avatar/avatar.web";
import { dubbingWeb } from "../components/dubbing/dubbing.web";
import { seriesWeb } from "../components/series/series.web";
import { speechToSpeechWeb } from "../components/speech-to-speech/speech-to-speech.web";
import { subtitleBurnInWeb } from "../components/subtitle-burn-in/subtitle-burn-in.web";
import { subtitleExtractionWeb } from "../components/subtitle-extraction/subtitle-extraction.web";
import { textToSpeechWeb } from "../components/text-to-speech/text-to-speech.web";
import { videoErasureWeb } from "../components/video-erasure/video-erasure.web";
import { videoTranslationWeb } from "../components/video-translation/video-translation.web";
import { voiceCloningWeb } from "../components/voice-cloning/voice-cloning.web";
import { voicesWeb } from "../components/voices/voices.web";
import type { AnyWebTool, WebTool } from "./web-tool";

/**
 * The web part of every tool of the catalogue, by tool id: a tool without one (or with one for
 * another id) fails typecheck. The sidebar's icons (`workbench-nav.ts`), the history's job kinds
 * (`job-kinds.ts`) and the AI tools hub's cards (`components/ai-tools/`) are read from here.
 */
export const WEB_TOOLS: { readonly [Id in ToolId]: WebTool<Id> } = {
  "text-to-speech": textToSpeechWeb,
  "speech-to-speech": speechToSpeechWeb,
  "voice-cloning": voiceCloningWeb,
  voices: voicesWeb,
  "video-translation": videoTranslationWeb,
  dubbing: dubbingWeb,
  series: seriesWeb,
  avatar: avatarWeb,
  "video-erasure": videoErasureWeb,
  "subtitle-extraction": subtitleExtractionWeb,
  "audio-separation": audioSeparationWeb,
  "subtitle-burn-in": subtitleBurnInWeb,
};

/** The web part of a tool, for code that treats every tool alike. */
export function webTool(id: ToolId): AnyWebTool {
  return WEB_TOOLS[id];
}
