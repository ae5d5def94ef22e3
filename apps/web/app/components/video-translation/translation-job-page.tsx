import { useCallback, useState } from "react";
import { data, Link, type LoaderFunctionArgs } from "react-router";
import { ArrowLeftIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { JOB_ID_PATTERN } from "../../lib/translation/translation-result";
import { ContentHistory } from "../history/content-history";
import { Button } from "../ui/button";
import { TranslationRun } from "./translation-run";
import { ProNote } from "./video-translator-page";

/** The pages' loader: a slug that cannot be a job id is no page (404); whether the job is the caller's is asked from the browser. */
export function translationJobLoader({ params }: LoaderFunctionArgs) {
  if (!JOB_ID_PATTERN.test(params.slug ?? "")) throw data(null, { status: 404, statusText: "Not Found" });
  return null;
}

/**
 * One run of the video translator on its own page (`…/details/:slug`, `…-pro/result/:slug`,
 * `…-pro/details/:slug`; the slug is the job id): its live progress or its result, reached from
 * the content history. A job that does not exist, or is someone else's, says so.
 */
export function TranslationJobPage({ jobId, mode }: { jobId: string; mode: "quick" | "pro" }) {
  const t = useT();
  const locale = useLocale();
  const [missing, setMissing] = useState(false);
  const onMissing = useCallback(() => setMissing(true), []);
  const toolPath = mode === "pro" ? "/workbench/video-translator-pro" : "/workbench/video-translator";
  return (
    <section className="mx-auto w-full max-w-6xl" data-testid="translation-job-page">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={localizePath(toolPath, locale)}>
          <ArrowLeftIcon aria-hidden="true" />
          {t("videoTranslation.result.back")}
        </Link>
      </Button>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{t(mode === "pro" ? "videoTranslation.proTitle" : "videoTranslation.title")}</h1>
      {mode === "pro" ? <ProNote /> : null}
      <div className="mt-6">
        {missing ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid="translation-not-found">
            {t("videoTranslation.result.notFound")}
          </p>
        ) : (
          <TranslationRun key={jobId} jobId={jobId} onMissing={onMissing} />
        )}
      </div>
      <ContentHistory tools={["video-translation"]} className="mt-10" />
    </section>
  );
}
