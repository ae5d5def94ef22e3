import { VideoTranslatorPage } from "../../components/video-translation/video-translator-page";

/** `/workbench/video-translator`: dub a video into other languages (the quick translator). */
export default function VideoTranslator() {
  return <VideoTranslatorPage mode="quick" />;
}
