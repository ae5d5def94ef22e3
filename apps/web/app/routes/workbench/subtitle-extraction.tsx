import { SubtitleExtractionPage } from "../../components/subtitle-extraction/subtitle-extraction-page";

/** `/workbench/ai-tools/subtitle-extraction` (and `/zh/…`): the subtitle extraction tool (components in `components/subtitle-extraction/`). */
export default function SubtitleExtraction() {
  return <SubtitleExtractionPage />;
}
