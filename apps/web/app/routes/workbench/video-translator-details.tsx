import type { Route } from "./+types/video-translator-details";
import { TranslationJobPage, translationJobLoader } from "../../components/video-translation/translation-job-page";

/** `/workbench/video-translator/details/:slug`: one run (slug = job id), live or finished; the history links here. */
export const loader = translationJobLoader;

export default function VideoTranslatorDetails({ params }: Route.ComponentProps) {
  return <TranslationJobPage jobId={params.slug} mode="quick" />;
}
