import type { JobView } from "@voxwork/contract";
import { DownloadIcon } from "lucide-react";
import { useLocale } from "../../i18n";
import { formatBytes, formatDuration } from "./history-format";
import { Button } from "../ui/button";

export type MediaFile = JobView["media"][number];

/**
 * A result file as a player (audio, video, image) with its download link; anything else as a
 * download only. Links are short-lived signed URLs: render them from a fresh read of the job.
 * Labels come from the caller (the public share page has no workbench catalogue in the browser).
 */
export function MediaPreview({ file, playLabel, downloadLabel }: { file: MediaFile; playLabel: string; downloadLabel: string }) {
  const locale = useLocale();
  const facts = [file.durationSeconds != null ? formatDuration(file.durationSeconds) : null, formatBytes(file.bytes, locale)].filter(Boolean).join(" · ");
  return (
    <figure data-slot="media-preview" data-testid="media-preview" data-role={file.role} className="grid gap-3 rounded-xl border border-border bg-surface-muted/40 p-3">
      {file.role === "audio" ? (
        <audio controls preload="metadata" src={file.url} aria-label={playLabel} className="w-full" />
      ) : file.role === "video" ? (
        <video controls playsInline preload="metadata" src={file.url} aria-label={playLabel} className="max-h-[60dvh] w-full rounded-lg bg-black" />
      ) : file.role === "image" ? (
        <img src={file.url} alt={file.name} className="max-h-[60dvh] w-full rounded-lg object-contain" />
      ) : null}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate">
          <span className="font-medium">{file.name}</span>
          {facts ? <span className="text-muted-foreground"> · {facts}</span> : null}
        </span>
        <Button asChild variant="outline" size="sm">
          <a href={file.downloadUrl} download data-testid="media-download">
            <DownloadIcon aria-hidden="true" />
            {downloadLabel}
          </a>
        </Button>
      </figcaption>
    </figure>
  );
}
