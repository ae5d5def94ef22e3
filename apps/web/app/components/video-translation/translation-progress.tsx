import type { JobView } from "@voxwork/contract";
import { CheckCircle2Icon, CircleDashedIcon, CircleXIcon, LoaderCircleIcon } from "lucide-react";
import { useT, type MessageKey, type Translate } from "../../i18n";
import { cn } from "../../lib/utils";
import { isJobEnded, type FollowState } from "../tool-shared/use-followed-job";
import { JobStatus } from "../tool-shared/job-status";
import { Button } from "../ui/button";

type StageState = JobView["stages"][number]["status"];

const STAGE_ICONS: Record<StageState, typeof CheckCircle2Icon> = { pending: CircleDashedIcon, running: LoaderCircleIcon, completed: CheckCircle2Icon, failed: CircleXIcon };

/** A stage's name in the page's language (stage ids the page does not know yet stay as they are). */
export function stageName(t: Translate, stage: string): string {
  const key = `videoTranslation.progress.stages.${stage}` as MessageKey;
  const name = t(key);
  return name === key ? stage : name;
}

/**
 * A run while it works: overall progress with the current stage, every stage with its state
 * (ingest → source text → translate → synthesize → fit → mix → mux → deliver), and cancel.
 */
export function TranslationProgress({ job, connection, onCancel, cancelling }: { job: JobView | null; connection: FollowState; onCancel: () => void; cancelling: boolean }) {
  const t = useT();
  const active = job !== null && !isJobEnded(job);
  return (
    <div className="grid gap-4" data-testid="translation-progress">
      <JobStatus job={job} connection={connection} label={t("videoTranslation.progress.running")} stageLabel={(stage) => stageName(t, stage)} />
      {job && job.stages.length > 0 && job.status !== "completed" ? (
        <ol className="grid gap-1.5 text-sm sm:grid-cols-2 desktop:grid-cols-4" aria-label={t("videoTranslation.progress.title")}>
          {job.stages.map((stage) => {
            const Icon = STAGE_ICONS[stage.status];
            return (
              <li key={stage.name} className="flex items-center gap-2" data-testid="translation-stage" data-stage={stage.name} data-state={stage.status}>
                <Icon
                  className={cn("size-4 shrink-0", stage.status === "running" && "animate-spin text-primary", stage.status === "completed" && "text-primary", stage.status === "failed" && "text-destructive", stage.status === "pending" && "text-muted-foreground")}
                  aria-hidden="true"
                />
                <span className={cn(stage.status === "pending" && "text-muted-foreground")}>{stageName(t, stage.name)}</span>
                <span className="sr-only">({t(`videoTranslation.progress.stageState.${stage.status}`)})</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      {active ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={cancelling} data-testid="translation-cancel">
            {cancelling ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {cancelling ? t("videoTranslation.progress.cancelling") : t("videoTranslation.progress.cancel")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
