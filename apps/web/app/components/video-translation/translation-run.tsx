import { useEffect, useState, type ReactNode } from "react";
import type { JobView, UploadView } from "@voxwork/contract";
import { jobCancelCall, uploadGetCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { sourceUploadId } from "../../lib/translation/translation-result";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Card } from "../ui/card";
import { TranslationProgress } from "./translation-progress";
import { TranslationResult } from "./translation-result";
import { TranslationReview } from "./translation-review";

const TRANSLATION_JOB = "video-translation.dub";

/**
 * One run of the video translator, followed live: its progress and cancel while it works, then
 * its result. The original video is the upload the form still holds, or else the one the job was
 * made from (read when the job is done). `children` render under the panel once the run has
 * ended (the form page's "translate another video").
 */
export function TranslationRun({ jobId, original, onMissing, children }: { jobId: string; original?: UploadView | null; onMissing?: () => void; children?: (job: JobView) => ReactNode }) {
  const t = useT();
  const api = useApiClient();
  const { job, connection, missing } = useFollowedJob(jobId);
  const [cancelling, setCancelling] = useState(false);
  const [stored, setStored] = useState<UploadView | null>(null);
  const reviewing = job?.status === "paused" && job.currentStage === "review";
  const uploadId = (job?.status === "completed" || reviewing) && original === undefined ? sourceUploadId(job) : null;

  useEffect(() => {
    if (missing) onMissing?.();
  }, [missing, onMissing]);

  useEffect(() => {
    if (!uploadId) return;
    let live = true;
    api.call(uploadGetCall, { uploadId }).then(
      (upload) => live && setStored(upload),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, uploadId]);

  async function cancel() {
    setCancelling(true);
    try {
      await api.call(jobCancelCall, { jobId });
      toast.success(t("videoTranslation.progress.cancelled"));
    } catch {
      // The client wrapper showed why.
    } finally {
      setCancelling(false);
    }
  }

  if (missing) return null;
  if (job && job.type !== TRANSLATION_JOB) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="translation-not-found">
        {t("videoTranslation.result.notTranslation")}
      </p>
    );
  }
  return (
    <Card className="gap-5 sm:p-5" data-testid="translation-run" data-status={job?.status ?? "loading"}>
      {job?.status !== "completed" && !reviewing ? <TranslationProgress job={job} connection={connection} onCancel={() => void cancel()} cancelling={cancelling} /> : null}
      {reviewing ? <TranslationReview key={job.id} job={job} original={original === undefined ? stored : original} onCancel={() => void cancel()} cancelling={cancelling} /> : null}
      {job?.status === "completed" ? <TranslationResult job={job} title={job.title ?? t("videoTranslation.title")} original={original === undefined ? stored : original} /> : null}
      {job && isJobEnded(job) && children ? children(job) : null}
    </Card>
  );
}
