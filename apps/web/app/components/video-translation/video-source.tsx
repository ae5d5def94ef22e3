import { messageFor, type UploadView } from "@voxwork/contract";
import { FileVideoIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n";
import { uploadProblem } from "../../lib/translation/translation-choices";
import { formatDuration } from "../history/history-format";
import { Button } from "../ui/button";
import { UploadDropzone } from "../upload/upload-dropzone";

/**
 * The video to translate: the upload dropzone (tus for large files) with the plan's longest video,
 * then a preview player, its length and size, and why the server would refuse it (the error
 * catalogue's words: not a video, no sound, too long).
 */
export function VideoSource({ upload, onChange, maxMinutes }: { upload: UploadView | null; onChange: (upload: UploadView | null) => void; maxMinutes: number | null }) {
  const t = useT();
  const locale = useLocale();
  const limit = maxMinutes == null ? t("videoTranslation.video.limitUnknown") : t("videoTranslation.video.limit", { minutes: maxMinutes });
  if (!upload) {
    return (
      <div className="grid gap-2">
        <UploadDropzone accept="video/*" onUploaded={onChange} data-testid="video-dropzone" />
        <p className="text-xs text-muted-foreground" data-testid="video-limit">
          {limit}
        </p>
      </div>
    );
  }
  const problem = uploadProblem(upload, maxMinutes);
  const facts = [upload.durationSeconds != null ? t("videoTranslation.video.duration", { duration: formatDuration(upload.durationSeconds) }) : null, upload.width && upload.height ? `${upload.width}×${upload.height}` : null].filter(Boolean);
  return (
    <div className="grid gap-3" data-testid="video-source-ready">
      {upload.kind === "video" ? (
        <video
          controls
          playsInline
          preload="metadata"
          src={upload.url}
          aria-label={t("videoTranslation.video.preview", { name: upload.name })}
          className="aspect-video w-full rounded-lg bg-black object-contain"
          data-testid="video-preview"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <FileVideoIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="truncate font-medium">{upload.name}</p>
          <p className="text-xs text-muted-foreground" data-testid="video-facts">
            {[...facts, limit].join(" · ")}
          </p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          {t("videoTranslation.video.replace")}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive" data-testid="video-problem">
          {messageFor(locale, problem.code, problem.params)}
        </p>
      ) : null}
    </div>
  );
}
