import { AudioSeparationPage } from "../../components/audio-separation/audio-separation-page";

/** `/workbench/ai-tools/audio-separation` (and `/zh/…`): the audio separation tool (components in `components/audio-separation/`). */
export default function AudioSeparation() {
  return <AudioSeparationPage />;
}
