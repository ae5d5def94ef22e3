import type { Route } from "./+types/video-translator-pro-details";
import { TranslationJobPage, translationJobLoader } from "../../components/video-translation/translation-job-page";

/**
 * `/workbench/video-translator-pro/details/:slug`: a pro project. Its editor is the review step,
 * which is not built yet, so it shows the run as the result page does, under the Pro note.
 */
export const loader = translationJobLoader;

export default function VideoTranslatorProDetails({ params }: Route.ComponentProps) {
  return <TranslationJobPage jobId={params.slug} mode="pro" />;
}
