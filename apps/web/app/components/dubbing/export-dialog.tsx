import { useEffect, useMemo, useState } from "react";
import { dubbingExportCall } from "@voxwork/contract/client";
import { segmentOverruns, type DubbingSegment } from "@voxwork/contract/dubbing";
import { DownloadIcon, LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";
import { useLocale, usePlural, useT, type MessageKey } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { JobStatus } from "../tool-shared/job-status";
import { useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { DialogActions } from "../ui/dialog";
import { DubbingDialog, useDialogAction } from "./dubbing-dialog";
import { languageName } from "../voices/voice-labels";
import { OverrunList } from "./overruns-panel";

type Format = "video" | "audio" | "stems" | "subtitles" | "project";
const FORMATS: Array<[Format, MessageKey]> = [
  ["video", "dubbing.exportDialog.video"],
  ["audio", "dubbing.exportDialog.audio"],
  ["stems", "dubbing.exportDialog.stems"],
  ["subtitles", "dubbing.exportDialog.subtitles"],
  ["project", "dubbing.exportDialog.project"],
];

/**
 * Export: languages and files; starts `dubbingExportCall`, follows the job, then lists the download
 * links. First it checks for takes that run past their segment's end in the chosen languages: it
 * lists them (each goes to its segment) and exports only once they are fitted or the person lets
 * them play over what follows (the server refuses otherwise, 7617).
 */
export function ExportDialog({
  open,
  onOpenChange,
  projectId,
  languages,
  currentLanguage,
  mediaKind,
  pro,
  unsaved,
  segments,
  durationMs,
  onGoTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  languages: readonly string[];
  currentLanguage: string;
  mediaKind: "video" | "audio";
  pro: boolean;
  unsaved: boolean;
  segments: readonly DubbingSegment[];
  durationMs: number;
  onGoTo: (segmentId: string, language: string) => void;
}) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const [chosenLanguages, setChosenLanguages] = useState<string[]>([currentLanguage]);
  const [formats, setFormats] = useState<Format[]>([mediaKind === "video" ? "video" : "audio"]);
  const [jobId, setJobId] = useState<string | null>(null);
  const { busy, run } = useDialogAction();
  const [allowOverlap, setAllowOverlap] = useState(false);
  const overruns = useMemo(
    () => chosenLanguages.map((language) => ({ language, overruns: segmentOverruns(segments, language, durationMs) })).filter((entry) => entry.overruns.length),
    [chosenLanguages, segments, durationMs],
  );
  const blocked = overruns.length > 0 && !allowOverlap;
  const { job, connection } = useFollowedJob(jobId);
  useEffect(() => {
    if (open && !jobId) setChosenLanguages([currentLanguage]);
  }, [open, jobId, currentLanguage]);
  const offered = FORMATS.filter(([format]) => (format === "video" ? mediaKind === "video" : format === "stems" ? pro : true));
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

  function start() {
    if (!chosenLanguages.length) return toast.error(t("dubbing.exportDialog.needLanguage"));
    if (!formats.length) return toast.error(t("dubbing.exportDialog.needFormat"));
    void run(async () => {
      const started = await api.call(dubbingExportCall, { projectId, languages: chosenLanguages, formats, allowOverlap: overruns.length > 0 && allowOverlap });
      setJobId(started.jobId);
    });
  }

  return (
    <DubbingDialog open={open} onOpenChange={onOpenChange} title={t("dubbing.exportDialog.title")} description={t("dubbing.exportDialog.description")} data-testid="dubbing-export-dialog">
      {jobId ? (
        <div className="grid gap-3">
          <JobStatus job={job} connection={connection} label={t("dubbing.exportDialog.running")} />
          {job?.status === "completed" ? (
            <div className="grid gap-2" data-testid="dubbing-export-links">
              <p className="text-sm font-medium">{t("dubbing.exportDialog.ready")}</p>
              {job.media.map((file) => (
                <Button key={file.url} asChild variant="outline" size="sm" className="justify-start">
                  <a href={file.downloadUrl} download data-testid="dubbing-export-link" data-role={file.role}>
                    <DownloadIcon aria-hidden="true" />
                    {t("dubbing.exportDialog.download", { name: file.name })}
                  </a>
                </Button>
              ))}
            </div>
          ) : null}
          {job && job.status !== "queued" && job.status !== "running" ? (
            <div>
              <Button type="button" variant="outline" onClick={() => setJobId(null)}>
                {t("dubbing.exportDialog.again")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t("dubbing.exportDialog.languages")}</legend>
            {languages.map((language) => (
              <label key={language} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosenLanguages.includes(language)} onChange={(event) => setChosenLanguages((current) => toggle(current, language, event.target.checked))} className="size-4 accent-[var(--vx-primary)]" data-testid={`export-language-${language}`} />
                {languageName(language, locale)}
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">{t("dubbing.exportDialog.formats")}</legend>
            {offered.map(([format, label]) => (
              <label key={format} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={formats.includes(format)} onChange={(event) => setFormats((current) => toggle(current, format, event.target.checked))} className="size-4 accent-[var(--vx-primary)]" data-testid={`export-format-${format}`} />
                {t(label)}
              </label>
            ))}
          </fieldset>
          {overruns.length ? (
            <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" role="alert" data-testid="dubbing-export-overruns">
              {overruns.map((entry) => (
                <div key={entry.language} className="grid gap-1.5" data-language={entry.language}>
                  <p className="flex items-center gap-2 font-medium">
                    <TriangleAlertIcon className="size-4 shrink-0 text-destructive" aria-hidden="true" />
                    {tp("dubbing.exportDialog.overrunsTitle", entry.overruns.length, { language: languageName(entry.language, locale) })}
                  </p>
                  <OverrunList overruns={entry.overruns} onGoTo={(segmentId) => onGoTo(segmentId, entry.language)} />
                  {entry.overruns.some((overrun) => overrun.pastMediaEnd) ? (
                    <p className="text-xs text-destructive">{tp("dubbing.exportDialog.mediaEnd", entry.overruns.filter((overrun) => overrun.pastMediaEnd).length)}</p>
                  ) : null}
                </div>
              ))}
              <p className="text-xs text-muted-foreground">{t("dubbing.exportDialog.overrunsHint")}</p>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={allowOverlap} onChange={(event) => setAllowOverlap(event.target.checked)} className="size-4 accent-[var(--vx-primary)]" data-testid="export-allow-overlap" />
                {t("dubbing.exportDialog.allowOverlap")}
              </label>
            </div>
          ) : null}
          {unsaved ? <p className="text-xs text-destructive">{t("dubbing.exportDialog.unsaved")}</p> : null}
          <DialogActions cancelLabel={t("dubbing.translate.cancel")}>
            <Button type="button" onClick={start} disabled={busy || blocked} data-testid="dubbing-export-start">
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t("dubbing.exportDialog.start")}
            </Button>
          </DialogActions>
        </>
      )}
    </DubbingDialog>
  );
}
