import { useState } from "react";
import { subtitleExtractionCost, type PictureBox, type UploadView } from "@voxwork/contract";
import { subtitleExtractionCreateCall, subtitleExtractionOptionsCall } from "@voxwork/contract/client";
import { ScanTextIcon } from "lucide-react";
import { toast } from "sonner";
import { formatDuration } from "../history/history-format";
import { useToolPage } from "../tool-shared/use-tool-page";
import { useToolOptions, useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { VideoSourceCard } from "../tool-shared/uploaded-source";
import { CopyTranscriptButton, extractedLines, SubtitleDownloads, SubtitleLinesTable } from "./subtitle-result";
import { uploadInFlight } from "../upload/upload-dropzone";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { SubtitleTrackPicker, subtitleTracksOf } from "../tool-shared/subtitle-track-picker";

type Choice = "both" | "zh" | "en";
const LANGUAGES: Record<Choice, Array<"zh" | "en">> = { both: ["zh", "en"], zh: ["zh"], en: ["en"] };
const HINTS = { both: "subtitleExtraction.languages.bothHint", zh: "subtitleExtraction.languages.zhHint", en: "subtitleExtraction.languages.enHint" } as const;
const STAGES = { ingest: "subtitleExtraction.stages.ingest", read: "subtitleExtraction.stages.read", deliver: "subtitleExtraction.stages.deliver" } as const;

interface Reader {
  name: string;
  location: "local" | "remote";
}

/**
 * `/workbench/ai-tools/subtitle-extraction`: a video, the subtitles to read (Chinese, English or
 * both), the cost, the run with its progress, and the result: the video with the extracted VTT as a
 * track (to check the timing), the lines, downloads (per language for bilingual subtitles) and copy.
 */
export function SubtitleExtractionPage() {
  const { t, api, signedIn, id } = useToolPage();

  const options = useToolOptions(signedIn, (client) => client.call(subtitleExtractionOptionsCall, {}));
  const maxMinutes = options?.maxVideoMinutes ?? null;
  const reader: Reader | null = options?.readers[0] ?? null;
  const [upload, setUpload] = useState<UploadView | null>(null);
  const [choice, setChoice] = useState<Choice>("both");
  const [readFrom, setReadFrom] = useState<UploadView | null>(null);
  /** The track the shown result was restricted to (null: the automatic choice). */
  const [pickedTrack, setPickedTrack] = useState<PictureBox | null>(null);
  const run = useToolRun();
  const { running } = run;

  const duration = upload?.durationSeconds ?? null;
  const cost = duration != null ? subtitleExtractionCost(duration) : null;
  const tooLong = duration != null && maxMinutes != null && duration > maxMinutes * 60;
  const notVideo = upload !== null && upload.kind !== "video";

  async function extract(subtitleTrack: PictureBox | null = null) {
    if (running) return;
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "subtitleExtraction.needVideo"));
    const created = await run.start(() =>
      api.call(subtitleExtractionCreateCall, { uploadId: upload.id, languages: LANGUAGES[choice], title: upload.name.slice(0, 120), ...(subtitleTrack ? { subtitleTrack } : {}) }),
    );
    if (!created) return;
    setReadFrom(upload);
    setPickedTrack(subtitleTrack);
    toast.success(t("subtitleExtraction.started", { cost: created.cost }));
  }

  const lines = extractedLines(run.job);
  const media = run.job?.status === "completed" ? run.job.media : [];
  const track = media.find((file) => file.name === "subtitles.vtt");
  const bilingual = lines?.some((line) => line.zh && line.en) ?? false;
  const tracks = subtitleTracksOf(run.job);

  return (
    <ToolPage title={t("subtitleExtraction.title")} lead={t("subtitleExtraction.lead")} history={["subtitle-extraction"]}>
      <ToolColumns className="items-start">
        <VideoSourceCard
          tool="subtitleExtraction"
          upload={upload}
          onChange={setUpload}
          maxMinutes={maxMinutes}
          // Once read, the result's player (with the extracted subtitles) takes this one's place.
          preview={upload?.kind === "video" && !(lines && readFrom?.id === upload.id) ? <video controls playsInline preload="metadata" src={upload.url} className="max-h-[50dvh] w-full rounded-lg bg-black" /> : null}
        />

        <ToolSettings>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">{t("subtitleExtraction.languagesTitle")}</legend>
            {(["both", "zh", "en"] as const).map((option) => (
              <label key={option} className="grid gap-0.5 text-sm">
                <span className="flex items-center gap-2">
                  <input type="radio" name={`${id}-languages`} value={option} checked={choice === option} onChange={() => setChoice(option)} className="size-4 accent-[var(--vx-primary)]" data-testid={`languages-${option}`} />
                  {t(`subtitleExtraction.languages.${option}`)}
                </span>
                <span className="pl-6 text-xs text-muted-foreground">{t(HINTS[option])}</span>
              </label>
            ))}
          </fieldset>
          {reader ? (
            <p className="text-xs text-muted-foreground">{t("subtitleExtraction.reader", { name: reader.name.replace(/\s*\(.*\)$/, ""), where: t(reader.location === "local" ? "subtitleExtraction.local" : "subtitleExtraction.remote") })}</p>
          ) : null}
          <p className="text-sm font-medium tabular-nums" data-testid="extraction-estimate">
            {cost != null && duration != null ? t("subtitleExtraction.estimate", { cost, duration: formatDuration(duration) }) : t("subtitleExtraction.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={running} icon={ScanTextIcon} label={t("subtitleExtraction.extract")} runningLabel={t("subtitleExtraction.extracting")} onClick={() => void extract()} disabled={running || !upload || notVideo || tooLong} data-testid="extraction-create" />
        </ToolSettings>
      </ToolColumns>

      <ToolRunCard run={run} title={t("subtitleExtraction.result.title")} runningLabel={t("subtitleExtraction.extracting")} stageLabel={(stage) => (stage in STAGES ? t(STAGES[stage as keyof typeof STAGES]) : stage)}>
        {lines && readFrom ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 desktop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="extraction-result">
            <div className="grid content-start gap-3">
              <video controls playsInline preload="metadata" src={readFrom.url} className="w-full rounded-lg bg-black" data-testid="extraction-video">
                {track ? <track kind="subtitles" src={track.url} srcLang={bilingual || lines.some((line) => line.zh) ? "zh" : "en"} label={t("subtitleExtraction.result.trackLabel")} default /> : null}
              </video>
              <p className="text-xs text-muted-foreground">{t("subtitleExtraction.result.checkHint")}</p>
              <SubtitleDownloads media={media} />
            </div>
            <div className="grid content-start gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium" data-testid="extraction-summary">
                  {[t("subtitleExtraction.result.summary", { count: lines.length }), bilingual ? t("subtitleExtraction.result.bilingual") : null].filter(Boolean).join(" · ")}
                </p>
                <CopyTranscriptButton lines={lines} />
              </div>
              <SubtitleLinesTable lines={lines} />
            </div>
            {readFrom.width && readFrom.height && upload?.id === readFrom.id && tracks.length > 0 && (tracks.length > 1 || pickedTrack) ? (
              <div className="desktop:col-span-2">
                <SubtitleTrackPicker
                  key={run.jobId ?? ""}
                  videoUrl={readFrom.url}
                  width={readFrom.width}
                  height={readFrom.height}
                  durationSeconds={readFrom.durationSeconds ?? 0}
                  tracks={tracks}
                  picked={pickedTrack}
                  actionLabel={cost != null ? t("subtitleExtraction.pickTrack", { cost }) : t("subtitleExtraction.extract")}
                  running={running}
                  onPick={(box) => void extract(box)}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </ToolRunCard>
    </ToolPage>
  );
}
