import { SubtitleBurnInPage } from "../../components/subtitle-burn-in/subtitle-burn-in-page";

/** `/workbench/ai-tools/subtitle-burn-in` (and `/zh/…`): the subtitle burn-in tool (components in `components/subtitle-burn-in/`). */
export default function SubtitleBurnIn() {
  return <SubtitleBurnInPage />;
}
