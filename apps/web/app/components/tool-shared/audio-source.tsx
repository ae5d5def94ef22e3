import { useState } from "react";
import type { UploadView } from "@voxwork/contract";
import { FileAudioIcon, MicIcon, UploadIcon } from "lucide-react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { useT } from "../../i18n/index";
import { formatClock } from "../../lib/speech/recording";
import { UploadDropzone } from "../upload/upload-dropzone";
import { Button } from "../ui/button";
import { AudioRecorder } from "./audio-recorder";

const TRIGGER =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4";

/** Speech in: upload a file or record in the browser; once uploaded, shows what is used and lets the user start over. */
export function AudioSource({ upload, onChange, minSeconds }: { upload: UploadView | null; onChange: (upload: UploadView | null) => void; minSeconds?: number }) {
  const t = useT();
  const [mode, setMode] = useState<"upload" | "record">("upload");
  if (upload) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-muted/40 p-3" data-testid="audio-source-ready">
        <FileAudioIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="truncate font-medium">{t("toolShared.source.ready", { name: upload.name })}</p>
          {upload.durationSeconds != null ? <p className="text-xs text-muted-foreground">{t("toolShared.source.duration", { duration: formatClock(upload.durationSeconds) })}</p> : null}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          {t("toolShared.source.replace")}
        </Button>
      </div>
    );
  }
  return (
    <TabsPrimitive.Root value={mode} onValueChange={(value) => setMode(value as "upload" | "record")} className="grid gap-3">
      <TabsPrimitive.List aria-label={t("toolShared.source.modeLabel")} className="inline-flex w-fit rounded-lg bg-surface-muted p-1">
        <TabsPrimitive.Trigger value="upload" className={TRIGGER}>
          <UploadIcon aria-hidden="true" />
          {t("toolShared.source.upload")}
        </TabsPrimitive.Trigger>
        <TabsPrimitive.Trigger value="record" className={TRIGGER}>
          <MicIcon aria-hidden="true" />
          {t("toolShared.source.record")}
        </TabsPrimitive.Trigger>
      </TabsPrimitive.List>
      <TabsPrimitive.Content value="upload" className="outline-none">
        <UploadDropzone accept="audio/*,video/*" onUploaded={onChange} />
      </TabsPrimitive.Content>
      <TabsPrimitive.Content value="record" className="outline-none">
        <AudioRecorder onUploaded={onChange} {...(minSeconds !== undefined ? { minSeconds } : {})} />
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
