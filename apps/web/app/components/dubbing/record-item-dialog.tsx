import type { UploadView } from "@voxwork/contract";
import { dubbingRecordCall } from "@voxwork/contract/client";
import type { DubbingSegment } from "@voxwork/contract/dubbing";
import { LoaderCircleIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { AudioRecorder } from "../tool-shared/audio-recorder";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { languageName } from "../voices/voice-labels";

/**
 * Record one segment's take in the browser (the shared recorder: MediaRecorder, uploaded with the
 * shared upload client), then `dubbingRecordCall` makes it the segment's take, trimmed and levelled.
 */
export function RecordItemDialog({ open, onOpenChange, projectId, segment, number, language, onRecorded }: { open: boolean; onOpenChange: (open: boolean) => void; projectId: string; segment: DubbingSegment | null; number: number; language: string; onRecorded: (segment: DubbingSegment) => void }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  // A failed save (a silent recording…) leaves the dialog open to record again.
  const { busy: saving, run } = useDialogAction();
  function save(upload: UploadView) {
    if (!segment) return;
    void run(async () => {
      const updated = await api.call(dubbingRecordCall, { projectId, segmentId: segment.id, language, uploadId: upload.id });
      toast.success(t("dubbing.record.done"));
      onRecorded(updated);
      onOpenChange(false);
    });
  }
  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.record.title", { number })} description={t("dubbing.record.description", { language: languageName(language, locale) })} data-testid="dubbing-record-dialog">
      {segment ? (
        <div className="grid gap-1 rounded-lg bg-surface-muted p-3 text-sm">
          <span className="text-xs font-medium text-muted-foreground">{t("dubbing.record.line")}</span>
          <p className="text-base">{segment.translations[language] || segment.sourceText}</p>
          <span className="text-xs text-muted-foreground">{t("dubbing.record.slot", { seconds: ((segment.endMs - segment.startMs) / 1000).toFixed(1) })}</span>
        </div>
      ) : null}
      {open && segment ? <AudioRecorder onUploaded={save} minSeconds={0.3} maxSeconds={90} /> : null}
      {saving ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t("dubbing.record.saving")}
        </p>
      ) : null}
    </DubbingDialog>
  );
}
