import { SpeechToSpeechPage } from "../../components/speech-to-speech/speech-to-speech-page";

/** `/workbench/speech-to-speech` (and `/zh/…`): speech to speech (components in `components/speech-to-speech/`). */
export default function SpeechToSpeech() {
  return <SpeechToSpeechPage />;
}
