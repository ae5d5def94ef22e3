import { useRef, useState, type ChangeEvent } from "react";
import { burnInStyleSchema, ErrorCode, messageFor, subtitleBurnInCost, type BurnInStyle, type LocalizedText, type UploadView } from "@voxwork/contract";
import { subtitleBurnInCreateCall, subtitleBurnInOptionsCall } from "@voxwork/contract/client";
import { SUBTITLE_FILE_MAX, type SubtitleLine } from "@voxwork/contract/subtitles";
import { CaptionsIcon, FileTextIcon } from "lucide-react";
import { toast } from "sonner";
import { usePlural, useT } from "../../i18n";
import { formatDuration } from "../history/history-format";
import { NativeSelect } from "../tool-shared/native-select";
import { useToolPage } from "../tool-shared/use-tool-page";
import { useToolOptions, useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { Button } from "../ui/button";
import { Label } from "../ui/input";
import { VideoSourceCard } from "../tool-shared/uploaded-source";
import { resultFile, VideoResult } from "../tool-shared/video-result";
import { BurnInPreview } from "./burn-in-preview";
import { ColourChoice } from "../tool-shared/colour-choice";
import { uploadInFlight } from "../upload/upload-dropzone";
import { SubtitleFileNotes } from "../tool-shared/subtitle-file-notes";
import { readSubtitleFile } from "../../lib/subtitles/read-subtitle-file";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { CardTitle } from "../ui/card";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { DownloadButton } from "../tool-shared/download-button";

/** A subtitle file read in the browser (in the encoding it was read as): its lines and the cues left out, or why it cannot be used. */
type ChosenFile = { name: string; encoding: string; text: string; lines: SubtitleLine[]; warnings: LocalizedText[] } | { name: string; encoding?: string; error: string };

/**
 * `/workbench/ai-tools/subtitle-burn-in`: a video, a subtitle file (read here, so its lines can be
 * previewed over the video in the chosen style before anything is charged), the style, the cost,
 * the run, and the result with its MP4.
 */
export function SubtitleBurnInPage() {
  const t = useT();
  const tp = usePlural();
  const { locale, api, signedIn, id } = useToolPage();
  const fileInput = useRef<HTMLInputElement>(null);

  const maxMinutes = useToolOptions(signedIn, (client) => client.call(subtitleBurnInOptionsCall, {}))?.maxVideoMinutes ?? null;
  const [upload, setUpload] = useState<UploadView | null>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [style, setStyle] = useState<BurnInStyle>(() => burnInStyleSchema.parse({}));
  const job = useToolRun();
  const { running } = job;

  const duration = upload?.durationSeconds ?? null;
  const cost = duration != null ? subtitleBurnInCost(duration) : null;
  const tooLong = duration != null && maxMinutes != null && duration > maxMinutes * 60;
  const lines = file && "lines" in file ? file.lines : null;
  const inVideo = lines && duration != null ? lines.filter((line) => line.startSeconds < duration) : lines;
  const afterEnd = lines && inVideo ? lines.length - inVideo.length : 0;
  const update = (patch: Partial<BurnInStyle>) => setStyle((current) => ({ ...current, ...patch }));

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    event.target.value = "";
    if (!picked) return;
    let read;
    try {
      read = await readSubtitleFile(picked);
    } catch (error) {
      return setFile({ name: picked.name, error: String(error) });
    }
    const { text, encoding, parsed } = read;
    if (text.length > SUBTITLE_FILE_MAX) return setFile({ name: picked.name, encoding, error: t("subtitleBurnIn.fileTooLarge", { max: SUBTITLE_FILE_MAX.toLocaleString(locale) }) });
    if ("error" in parsed) return setFile({ name: picked.name, encoding, error: messageFor(locale, ErrorCode.SUBTITLE_FILE_INVALID, { reason: parsed.error }) ?? parsed.error[locale] });
    setFile({ name: picked.name, encoding, text, lines: parsed.lines, warnings: parsed.warnings });
  }

  async function start() {
    if (running) return;
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "subtitleBurnIn.needVideo"));
    if (!file || !("text" in file)) return toast.error(t("subtitleBurnIn.needFile"));
    const created = await job.start(() => api.call(subtitleBurnInCreateCall, { uploadId: upload.id, subtitleFile: { name: file.name.slice(0, 255), text: file.text }, style, title: upload.name.slice(0, 120) }));
    if (created) toast.success(t("subtitleBurnIn.started", { cost: created.cost }));
  }

  const result = resultFile(job.job, "video");
  const radio = <Key extends "size" | "position" | "look">(key: Key, choices: readonly BurnInStyle[Key][]) => (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">{t(`subtitleBurnIn.${key}.label`)}</legend>
      <div className="inline-flex w-fit rounded-lg border border-border p-0.5" role="radiogroup">
        {choices.map((choice) => (
          <label key={String(choice)} className="cursor-pointer rounded-md px-3 py-1 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input type="radio" className="sr-only" name={`${id}-${key}`} value={String(choice)} checked={style[key] === choice} onChange={() => update({ [key]: choice } as Partial<BurnInStyle>)} />
            {t(`subtitleBurnIn.${key}.${String(choice)}` as `subtitleBurnIn.size.small`)}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <ToolPage title={t("subtitleBurnIn.title")} lead={t("subtitleBurnIn.lead")} history={["subtitle-burn-in"]}>
      <ToolColumns>
        <VideoSourceCard
          tool="subtitleBurnIn"
          upload={upload}
          onChange={setUpload}
          maxMinutes={maxMinutes}
          preview={
            upload?.kind === "video" && upload.width && upload.height ? (
              <div className="grid gap-1">
                <p className="text-sm font-medium">{t("subtitleBurnIn.previewLabel")}</p>
                <BurnInPreview videoUrl={upload.url} width={upload.width} height={upload.height} lines={inVideo ?? []} style={style} />
                <p className="text-xs text-muted-foreground">{t("subtitleBurnIn.previewHint")}</p>
              </div>
            ) : null
          }
        >
          <h2 className="mt-2 font-semibold">{t("subtitleBurnIn.fileTitle")}</h2>
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} data-testid="choose-subtitles">
                <FileTextIcon aria-hidden="true" />
                {t("subtitleBurnIn.chooseFile")}
              </Button>
              <input ref={fileInput} type="file" accept=".srt,.vtt,.ass,.ssa,text/plain,text/vtt" className="sr-only" tabIndex={-1} aria-label={t("subtitleBurnIn.chooseFile")} onChange={(event) => void chooseFile(event)} data-testid="subtitle-file-input" />
              {file ? <span className="min-w-0 truncate text-sm font-medium">{file.name}</span> : null}
            </div>
            {file?.encoding ? <SubtitleFileNotes encoding={file.encoding} warnings={"warnings" in file ? file.warnings : []} /> : null}
            <p className="text-xs text-muted-foreground">{t("subtitleBurnIn.fileHint")}</p>
            {file && "error" in file ? (
              <p role="alert" className="text-sm text-destructive" data-testid="subtitle-file-error">
                {file.error}
              </p>
            ) : null}
            {lines && lines.length > 0 ? (
              <p className="text-sm tabular-nums" data-testid="subtitle-summary">
                {tp("subtitleBurnIn.fileSummary", lines.length, { from: formatDuration(lines[0]!.startSeconds), to: formatDuration(Math.max(...lines.map((line) => line.endSeconds))) })}
              </p>
            ) : null}
            {inVideo && inVideo.length === 0 ? (
              <p role="alert" className="text-sm text-destructive">
                {t("subtitleBurnIn.noLinesInVideo")}
              </p>
            ) : afterEnd > 0 ? (
              <p className="text-sm text-muted-foreground">{tp("subtitleBurnIn.linesAfterEnd", afterEnd)}</p>
            ) : null}
            {inVideo && inVideo.length > 0 ? (
              <ol className="max-h-48 overflow-y-auto rounded-lg border border-border text-sm" data-testid="subtitle-lines">
                {inVideo.slice(0, 200).map((line, index) => (
                  <li key={index} className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2 border-b border-border px-2 py-1 last:border-b-0">
                    <span className="text-xs text-muted-foreground tabular-nums">{formatDuration(line.startSeconds)}</span>
                    <span className="whitespace-pre-line">{line.text}</span>
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        </VideoSourceCard>

        <ToolSettings>
          <CardTitle>{t("subtitleBurnIn.styleTitle")}</CardTitle>
          {radio("size", ["small", "medium", "large"])}
          {radio("position", ["bottom", "top"])}
          {radio("look", ["outline", "box"])}
          <ColourChoice
            label={t("subtitleBurnIn.textColor")}
            value={style.textColor}
            onChange={(textColor) => update({ textColor })}
            swatches={[
              ["#FFFFFF", t("subtitleBurnIn.colors.white")],
              ["#FFD400", t("subtitleBurnIn.colors.yellow")],
              ["#3CDCFF", t("subtitleBurnIn.colors.cyan")],
              ["#101010", t("subtitleBurnIn.colors.black")],
            ]}
            customLabel={t("subtitleBurnIn.custom")}
            testId="text-colour"
          />
          <ColourChoice
            label={t(style.look === "box" ? "subtitleBurnIn.outlineColor.box" : "subtitleBurnIn.outlineColor.outline")}
            value={style.outlineColor}
            onChange={(outlineColor) => update({ outlineColor })}
            swatches={[
              ["#101010", t("subtitleBurnIn.colors.black")],
              ["#FFFFFF", t("subtitleBurnIn.colors.white")],
              ["#0A2A66", t("subtitleBurnIn.colors.navy")],
            ]}
            customLabel={t("subtitleBurnIn.custom")}
            testId="outline-colour"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={style.bold} onChange={(event) => update({ bold: event.target.checked })} className="size-4 accent-[var(--vx-primary)]" />
            {t("subtitleBurnIn.bold")}
          </label>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-lines`}>{t("subtitleBurnIn.maxLines.label")}</Label>
            <NativeSelect id={`${id}-lines`} value={String(style.maxLines)} onChange={(event) => update({ maxLines: Number(event.target.value) })}>
              {[1, 2, 3].map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </NativeSelect>
            <p className="text-xs text-muted-foreground">{t("subtitleBurnIn.maxLines.hint")}</p>
          </div>
          <p className="text-sm font-medium tabular-nums" data-testid="burn-in-estimate">
            {cost != null && duration != null ? t("subtitleBurnIn.estimate", { cost, duration: formatDuration(duration) }) : t("subtitleBurnIn.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={running} icon={CaptionsIcon} label={t("subtitleBurnIn.start")} runningLabel={t("subtitleBurnIn.running")} onClick={() => void start()} disabled={running || !upload || !inVideo?.length || tooLong} data-testid="burn-in-create" />
        </ToolSettings>
      </ToolColumns>

      <ToolRunCard run={job} title={t("subtitleBurnIn.result.title")} runningLabel={t("subtitleBurnIn.running")}>
        {result ? (
          <VideoResult player={<video controls playsInline src={result.url} className="w-full rounded-lg bg-black" />} data-testid="burn-in-result">
            <DownloadButton href={result.downloadUrl} data-testid="download-video">
              {t("subtitleBurnIn.result.download")}
            </DownloadButton>
          </VideoResult>
        ) : null}
      </ToolRunCard>
    </ToolPage>
  );
}
