import type { JobView } from "@voxwork/contract";
import { LoaderCircleIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n/index";
import { jobFailureReason } from "../../lib/job-failure";
import { Progress } from "../ui/progress";
import type { FollowState } from "./use-followed-job";

/**
 * A running job's progress, or why it ended without a result (in the user's language). Stage
 * names are shown through `stageLabel` when the tool names its stages (they are ids otherwise).
 */
export function JobStatus({ job, connection, label, stageLabel }: { job: JobView | null; connection: FollowState; label: string; stageLabel?: (stage: string) => string }) {
  const t = useT();
  const locale = useLocale();
  if (!job) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {label}
      </p>
    );
  }
  if (job.status === "failed") {
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="job-failed">
        {t("toolShared.common.failed", { message: jobFailureReason(job, locale) })}
      </p>
    );
  }
  if (job.status === "cancelled") return <p className="text-sm text-muted-foreground">{t("toolShared.common.cancelled")}</p>;
  if (job.status === "completed") return null;
  return (
    <div className="grid gap-2" role="status" data-testid="job-progress">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {job.status === "queued" ? t(job.waitingForSlot ? "toolShared.common.waitingForSlot" : "toolShared.common.queued") : t("toolShared.common.progress", { progress: Math.round(job.progress), stage: job.currentStage ? (stageLabel?.(job.currentStage) ?? job.currentStage) : label })}
      </p>
      <Progress value={job.progress} aria-label={label} />
      {connection === "reconnecting" ? <p className="text-xs text-muted-foreground">{t("toolShared.common.reconnecting")}</p> : null}
    </div>
  );
}
