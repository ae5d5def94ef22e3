import { VoiceLibraryPage } from "../../components/voices/voice-library-page";

/** `/workbench/voice-library` (and `/zh/…`): the voice library (components in `components/voices/`). */
export default function VoiceLibrary() {
  return <VoiceLibraryPage />;
}
