import type { Route } from "./+types/video-translator-pro-result";
import { TranslationJobPage, translationJobLoader } from "../../components/video-translation/translation-job-page";

/** `/workbench/video-translator-pro/result/:slug`: the result of one pro run (slug = job id); the history links here. */
export const loader = translationJobLoader;

export default function VideoTranslatorProResult({ params }: Route.ComponentProps) {
  return <TranslationJobPage jobId={params.slug} mode="pro" />;
}
