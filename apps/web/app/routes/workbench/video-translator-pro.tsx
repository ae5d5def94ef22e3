import { VideoTranslatorPage } from "../../components/video-translation/video-translator-page";

/**
 * `/workbench/video-translator-pro`: the same form, runs accepted as `pro`. Pro's review step
 * (edit the translation before it is dubbed) is not built yet; the page says so, and a pro run is
 * dubbed straight through at the same price (decision 027).
 */
export default function VideoTranslatorPro() {
  return <VideoTranslatorPage mode="pro" />;
}
