import type { JobView } from "@voxwork/contract";
import { Link } from "react-router";
import { ArrowRightIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { jobFailureReason } from "../../lib/job-failure";
import { jobKind, resultPagePath } from "../../lib/job-kinds";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { MediaPreview } from "./media-preview";

/** Values of a job's output worth showing as text (not the media list, not nested objects). */
function textOutput(job: JobView): [string, string][] {
  return Object.entries(job.output ?? {})
    .filter(([key, value]) => key !== "media" && (typeof value === "string" || typeof value === "number" || typeof value === "boolean"))
    .map(([key, value]) => [key, String(value)]);
}

/**
 * The result of one job: players for its audio and video files, text for the rest. A job type
 * with a result page of its own (video translation) links to it and previews its first file only.
 */
export function JobResultDialog({ job, title, onOpenChange }: { job: JobView | null; title: string; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const kind = job ? jobKind(job.type) : null;
  const text = job ? textOutput(job) : [];
  // A run waiting for its owner (a pro translation's review) is reviewed on its own page too.
  const page = job?.status === "completed" || job?.status === "paused" ? resultPagePath(job) : null;
  const media = job ? (page ? job.media.slice(0, 1) : job.media) : [];
  return (
    <Dialog open={job !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("history.result.close")} data-testid="result-dialog" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{kind ? t(kind.labelKey) : ""}</DialogDescription>
        </DialogHeader>
        {job?.status === "failed" ? (
          <p className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive" role="alert">
            {t("history.result.failed", { reason: jobFailureReason(job, locale) })}
          </p>
        ) : null}
        {job?.status === "cancelled" ? <p className="text-sm text-muted-foreground">{t("history.result.cancelled")}</p> : null}
        {job && (job.status === "queued" || job.status === "running") ? <p className="text-sm text-muted-foreground">{t("history.result.running")}</p> : null}
        {job?.status === "paused" ? <p className="text-sm">{t("history.result.paused")}</p> : null}
        {page ? (
          <Button asChild className="justify-self-start" data-testid="result-page-link">
            <Link to={localizePath(page, locale)}>
              {t(job?.status === "paused" ? "history.result.openReview" : "history.result.openPage")}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        {job?.status === "completed" ? (
          media.length > 0 ? (
            <div className="grid gap-3">
              {media.map((file) => (
                <MediaPreview key={file.url} file={file} playLabel={t("history.result.play", { name: file.name })} downloadLabel={t("history.actions.download")} />
              ))}
            </div>
          ) : kind?.output !== "text" ? (
            <p className="text-sm text-muted-foreground">{t("history.result.noFiles")}</p>
          ) : null
        ) : null}
        {text.length > 0 ? (
          <details className="text-sm" open={kind?.output === "text"}>
            <summary className="cursor-pointer font-medium">{t("history.result.details")}</summary>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {text.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{key}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
