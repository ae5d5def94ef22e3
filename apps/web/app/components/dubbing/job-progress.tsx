import { useEffect } from "react";
import { useT } from "../../i18n";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Progress } from "../ui/progress";

/** A translate, synthesis or export job of the project, followed live; the project is read again when it ends. */
export function JobProgress({ jobId, type, onEnded }: { jobId: string; type: string | null; onEnded: (jobId: string) => void }) {
  const t = useT();
  const { job, missing } = useFollowedJob(jobId);
  const ended = isJobEnded(job) || missing;
  useEffect(() => {
    if (ended) onEnded(jobId);
  }, [ended, jobId, onEnded]);
  const kind = job?.type ?? type ?? "";
  const name = kind.includes("translat") ? t("dubbing.editor.jobTranslate") : kind.includes("synth") ? t("dubbing.editor.jobSynthesize") : kind.includes("export") ? t("dubbing.editor.jobExport") : t("dubbing.editor.jobOther");
  const progress = Math.round(job?.progress ?? 0);
  return (
    <div className="grid gap-1 rounded-xl border border-border bg-surface p-3" role="status" data-testid="dubbing-job" data-job-id={jobId}>
      <span className="text-sm">{t("dubbing.editor.jobRunning", { job: name, progress })}</span>
      <Progress value={progress} aria-label={name} className="h-1.5" />
    </div>
  );
}
