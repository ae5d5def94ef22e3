import { TextToSpeechPage } from "../../components/text-to-speech/text-to-speech-page";

/** `/workbench/text-to-speech` (and `/zh/…`): text to speech (components in `components/text-to-speech/`). */
export default function TextToSpeech() {
  return <TextToSpeechPage />;
}
