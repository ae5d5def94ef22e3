import type { ReactNode } from "react";
import { ErrorCode, messageFor, type UploadView } from "@voxwork/contract";
import { FileAudioIcon, FileVideoIcon } from "lucide-react";
import { useLocale, useT } from "../../i18n";
import { formatDuration } from "../history/history-format";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { UploadDropzone } from "../upload/upload-dropzone";

/**
 * A tool's source file: the dropzone (with the plan's limit under it) until a file is uploaded,
 * then its name, length, size and the limit, a "replace" button, the problems found with it (each
 * an alert), and whatever the tool shows of it (`children`: a player, a region editor).
 */
export function UploadedSource({
  upload,
  accept,
  onChange,
  limit,
  replaceLabel,
  problems = [],
  dropzoneTestId,
  readyTestId,
  children,
}: {
  upload: UploadView | null;
  accept: string;
  onChange: (upload: UploadView | null) => void;
  limit: string | null;
  replaceLabel: string;
  /** Problems with the file as it is (already in the page's language); shown as alerts. */
  problems?: ReadonlyArray<{ message: string; testId?: string } | null | undefined>;
  dropzoneTestId: string;
  readyTestId: string;
  children?: ReactNode;
}) {
  if (!upload) {
    return (
      <div className="grid gap-2">
        <UploadDropzone accept={accept} onUploaded={onChange} data-testid={dropzoneTestId} />
        {limit ? <p className="text-xs text-muted-foreground">{limit}</p> : null}
      </div>
    );
  }
  const Icon = upload.kind === "video" ? FileVideoIcon : FileAudioIcon;
  const size = upload.kind === "video" && upload.width && upload.height ? `${upload.width}×${upload.height}` : null;
  return (
    <div className="grid gap-3" data-testid={readyTestId}>
      <div className="flex flex-wrap items-center gap-3">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="truncate font-medium">{upload.name}</p>
          <p className="text-xs text-muted-foreground">{[upload.durationSeconds != null ? formatDuration(upload.durationSeconds) : null, size, limit].filter(Boolean).join(" · ")}</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          {replaceLabel}
        </Button>
      </div>
      {problems.map((problem, index) =>
        problem ? (
          <p key={index} role="alert" className="text-sm text-destructive" data-testid={problem.testId}>
            {problem.message}
          </p>
        ) : null,
      )}
      {children}
    </div>
  );
}

/** What a video tool says about an upload it cannot take: not a readable video, or longer than the plan allows. */
export function useVideoProblems(upload: UploadView | null, maxMinutes: number | null) {
  const locale = useLocale();
  if (!upload) return [];
  const duration = upload.durationSeconds ?? 0;
  return [
    upload.kind !== "video" ? { message: messageFor(locale, ErrorCode.VIDEO_NOT_READABLE) ?? "" } : null,
    maxMinutes != null && duration > maxMinutes * 60 ? { message: messageFor(locale, ErrorCode.VIDEO_TOO_LONG, { minutes: Math.round((duration / 60) * 10) / 10, max: maxMinutes }) ?? "" } : null,
  ];
}

/**
 * A video tool's source panel: its title, the uploaded video (the plan's limit, `useVideoProblems`
 * as alerts) with what the tool shows of it (`preview`: a player, a region editor), then the rest of
 * the panel (`children`). The texts are the tool's own (`<tool>.sourceTitle`, `.limit`, `.replace`).
 */
export function VideoSourceCard({
  tool,
  upload,
  onChange,
  maxMinutes,
  preview,
  children,
}: {
  tool: "subtitleBurnIn" | "subtitleExtraction" | "videoErasure";
  upload: UploadView | null;
  onChange: (upload: UploadView | null) => void;
  maxMinutes: number | null;
  preview?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const problems = useVideoProblems(upload, maxMinutes);
  const limit = maxMinutes != null ? t(`${tool}.limit`, { minutes: maxMinutes }) : null;
  return (
    <Card>
      <CardTitle>{t(`${tool}.sourceTitle`)}</CardTitle>
      <UploadedSource upload={upload} accept="video/*" onChange={onChange} limit={limit} replaceLabel={t(`${tool}.replace`)} problems={problems} dropzoneTestId="video-dropzone" readyTestId="video-source-ready">
        {preview}
      </UploadedSource>
      {children}
    </Card>
  );
}
