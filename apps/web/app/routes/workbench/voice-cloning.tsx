import { VoiceCloningPage } from "../../components/voice-cloning/voice-cloning-page";

/** `/workbench/voice-cloning` (and `/zh/…`): voice cloning (components in `components/voice-cloning/`). */
export default function VoiceCloning() {
  return <VoiceCloningPage />;
}
