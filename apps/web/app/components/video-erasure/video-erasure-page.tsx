import { useEffect, useState } from "react";
import { useToolPage } from "../tool-shared/use-tool-page";
import { messageFor, videoErasureCost, ErrorCode, type ErasureRegion, type JobView, type PictureBox, type UploadView } from "@voxwork/contract";
import { videoErasureCreateCall, videoErasureDetectCall, videoErasureOptionsCall, videoErasurePreviewCall } from "@voxwork/contract/client";
import { EraserIcon, PlayIcon, ScanTextIcon } from "lucide-react";
import { toast } from "sonner";
import { formatDuration } from "../history/history-format";
import { JobStatus } from "../tool-shared/job-status";
import { NativeSelect } from "../tool-shared/native-select";
import { useToolOptions, useToolRun } from "../tool-shared/use-tool-run";
import { RunButton } from "../tool-shared/run-button";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/input";
import { VideoSourceCard } from "../tool-shared/uploaded-source";
import { resultFile, VideoResult } from "../tool-shared/video-result";
import { BeforeAfterSlider } from "./before-after-slider";
import { newRegionId, RegionEditor, type EditableRegion } from "./region-editor";
import { uploadInFlight } from "../upload/upload-dropzone";
import { ToolColumns, ToolPage, ToolRunCard, ToolSettings } from "../tool-shared/tool-page";
import { NotEnoughPoints } from "../tool-shared/not-enough-points";
import { DownloadButton } from "../tool-shared/download-button";
import { SubtitleTrackPicker, subtitleTracksOf } from "../tool-shared/subtitle-track-picker";

type Mode = "automatic" | "regions";
type Detection = "subtitles" | "all-text";
type Fill = "best" | "inpaint" | "fast";

/** The found regions of a detect job's result, read defensively. */
function foundRegions(job: JobView | null): EditableRegion[] | null {
  if (job?.status !== "completed") return null;
  const regions = (job.output as { regions?: unknown } | null)?.regions;
  // A completed job's output may arrive with a later event.
  if (!Array.isArray(regions)) return null;
  return (regions as ErasureRegion[]).map((region) => ({ ...region, kind: region.kind ?? "text", id: newRegionId(), enabled: true }));
}

/**
 * `/workbench/ai-tools/video-erasure`: a video, what to erase (text found automatically, which the
 * user may untick, and rectangles drawn on a frame with their own times), a free 10-second preview
 * (masks beside the result), the cost, the run, and the result with a before/after slider and the MP4.
 */
export function VideoErasurePage() {
  const { t, locale, api, signedIn, id } = useToolPage();

  const maxMinutes = useToolOptions(signedIn, (client) => client.call(videoErasureOptionsCall, {}))?.maxVideoMinutes ?? null;
  const [upload, setUpload] = useState<UploadView | null>(null);
  const [mode, setMode] = useState<Mode>("automatic");
  const [detection, setDetection] = useState<Detection>("subtitles");
  const [fill, setFill] = useState<Fill>("best");
  const [regions, setRegions] = useState<EditableRegion[]>([]);
  /** The subtitle track the found regions were restricted to (null: the automatic choice). */
  const [pickedTrack, setPickedTrack] = useState<PictureBox | null>(null);
  const [erasedFrom, setErasedFrom] = useState<UploadView | null>(null);
  const detect = useToolRun();
  const preview = useToolRun();
  const erase = useToolRun();
  const { jobId: detectJobId } = detect;
  const { running: previewing } = preview;
  const { running: erasing } = erase;

  // Found regions join the list once (drawn ones stay).
  const found = foundRegions(detect.job);
  const foundKey = found ? `${detectJobId}:${found.length}` : null;
  useEffect(() => {
    if (found) setRegions((current) => [...current.filter((region) => region.kind === "area"), ...found]);
    // Once per finished detect job (`found` is rebuilt on every render; its key is not).
  }, [foundKey]);

  const duration = upload?.durationSeconds ?? null;
  const cost = duration != null ? videoErasureCost(duration) : null;
  const chosen: ErasureRegion[] = regions.filter((region) => region.enabled).map(({ id: _id, enabled: _enabled, ...region }) => region);
  const detecting = detect.running;
  const tooLong = duration != null && maxMinutes != null && duration > maxMinutes * 60;

  function chooseVideo(next: UploadView | null) {
    setUpload(next);
    setRegions([]);
    setPickedTrack(null);
    detect.setJobId(null);
    preview.setJobId(null);
  }

  async function findText(subtitleTrack: PictureBox | null = null) {
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "videoErasure.needVideo"));
    const started = await detect.start(() => api.call(videoErasureDetectCall, { uploadId: upload.id, detection, ...(subtitleTrack && detection === "subtitles" ? { subtitleTrack } : {}) }));
    if (started) setPickedTrack(subtitleTrack);
  }

  async function makePreview() {
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "videoErasure.needVideo"));
    if (chosen.length === 0) return toast.error(t("videoErasure.needRegions"));
    await preview.start(() => api.call(videoErasurePreviewCall, { uploadId: upload.id, regions: chosen, fill }));
  }

  // Automatic mode may erase without a review: the job then finds the text itself and erases all of it.
  const canErase = chosen.length > 0 || (mode === "automatic" && !found);

  async function eraseAll() {
    if (erasing) return;
    if (!upload) return toast.error(t(uploadInFlight() ? "toolShared.common.uploadStillRunning" : "videoErasure.needVideo"));
    if (!canErase) return toast.error(t("videoErasure.needRegions"));
    const created = await erase.start(() => api.call(videoErasureCreateCall, { uploadId: upload.id, regions: chosen, fill, mode, detection, ...(pickedTrack && detection === "subtitles" ? { subtitleTrack: pickedTrack } : {}), title: upload.name.slice(0, 120) }));
    if (!created) return;
    setErasedFrom(upload);
    toast.success(t("videoErasure.started", { cost: created.cost }));
  }

  const tracks = subtitleTracksOf(detect.job);
  const previewVideo = resultFile(preview.job, "video");
  const result = resultFile(erase.job, "video");

  return (
    <ToolPage title={t("videoErasure.title")} lead={t("videoErasure.lead")} history={["video-erasure"]}>
      <ToolColumns>
        <VideoSourceCard
          tool="videoErasure"
          upload={upload}
          onChange={chooseVideo}
          maxMinutes={maxMinutes}
          preview={
            upload?.kind === "video" && upload.width && upload.height ? (
              <RegionEditor videoUrl={upload.url} width={upload.width} height={upload.height} durationSeconds={duration ?? 0} regions={regions} onChange={setRegions} allowDrawing={mode === "regions" || regions.length > 0} />
            ) : null
          }
        />

        <ToolSettings>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">{t("videoErasure.modeTitle")}</legend>
            {(["automatic", "regions"] as const).map((choice) => (
              <label key={choice} className="grid gap-0.5 text-sm">
                <span className="flex items-center gap-2">
                  <input type="radio" name={`${id}-mode`} value={choice} checked={mode === choice} onChange={() => setMode(choice)} className="size-4 accent-[var(--vx-primary)]" />
                  {t(`videoErasure.modes.${choice}`)}
                </span>
                <span className="pl-6 text-xs text-muted-foreground">{t(choice === "automatic" ? "videoErasure.modes.automaticHint" : "videoErasure.modes.regionsHint")}</span>
              </label>
            ))}
          </fieldset>
          {mode === "automatic" ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-detection`}>{t("videoErasure.detection.label")}</Label>
              <NativeSelect id={`${id}-detection`} value={detection} onChange={(event) => setDetection(event.target.value as Detection)}>
                <option value="subtitles">{t("videoErasure.detection.subtitles")}</option>
                <option value="all-text">{t("videoErasure.detection.allText")}</option>
              </NativeSelect>
              <RunButton running={detecting} icon={ScanTextIcon} label={t("videoErasure.detection.find")} runningLabel={t("videoErasure.detection.finding")} size="default" variant="outline" onClick={() => void findText()} disabled={!upload || detecting} data-testid="find-text" />
              {detectJobId ? <JobStatus job={detect.job} connection={detect.connection} label={t("videoErasure.detection.finding")} /> : null}
              {found ? (
                found.length > 0 ? (
                  <p className="text-sm" data-testid="found-count">
                    {t("videoErasure.detection.found", { count: found.length })}
                  </p>
                ) : (
                  <div className="grid gap-2" data-testid="no-text">
                    <p role="alert" className="text-sm text-destructive">
                      {messageFor(locale, ErrorCode.ERASURE_NO_TEXT_FOUND)}
                    </p>
                    <Button type="button" variant="outline" size="sm" onClick={() => setMode("regions")}>
                      {t("videoErasure.modes.regions")}
                    </Button>
                  </div>
                )
              ) : null}
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor={`${id}-fill`}>{t("videoErasure.fill.label")}</Label>
            <NativeSelect id={`${id}-fill`} value={fill} onChange={(event) => setFill(event.target.value as Fill)}>
              <option value="best">{t("videoErasure.fill.best")}</option>
              <option value="inpaint">{t("videoErasure.fill.inpaint")}</option>
              <option value="fast">{t("videoErasure.fill.fast")}</option>
            </NativeSelect>
            <p className="text-xs text-muted-foreground">{t("videoErasure.fill.hint")}</p>
          </div>
          <p className="text-sm font-medium tabular-nums" data-testid="erasure-estimate">
            {cost != null && duration != null ? t("videoErasure.estimate", { cost, duration: formatDuration(duration) }) : t("videoErasure.estimateUnknown")}
          </p>
          <NotEnoughPoints cost={cost} />
          <RunButton running={previewing} icon={PlayIcon} label={t("videoErasure.preview.button")} runningLabel={t("videoErasure.preview.running")} size="default" variant="outline" onClick={() => void makePreview()} disabled={!upload || previewing || chosen.length === 0} data-testid="erasure-preview" />
          <p className="-mt-3 text-xs text-muted-foreground">{t("videoErasure.preview.free")}</p>
          <RunButton running={erasing} icon={EraserIcon} label={t("videoErasure.erase")} runningLabel={t("videoErasure.erasing")} onClick={() => void eraseAll()} disabled={erasing || !upload || !canErase || tooLong} data-testid="erasure-create" />
        </ToolSettings>
      </ToolColumns>

      {upload?.kind === "video" && upload.width && upload.height && tracks.length > 0 && (tracks.length > 1 || pickedTrack) ? (
        <Card className="mt-6">
          <SubtitleTrackPicker
            key={detectJobId ?? ""}
            videoUrl={upload.url}
            width={upload.width}
            height={upload.height}
            durationSeconds={duration ?? 0}
            tracks={tracks}
            picked={pickedTrack}
            actionLabel={t("videoErasure.detection.pickTrack")}
            running={detecting}
            onPick={(box) => void findText(box)}
          />
        </Card>
      ) : null}

      <ToolRunCard run={preview} title={t("videoErasure.preview.title")} runningLabel={t("videoErasure.preview.running")} className="gap-3">
        {previewVideo ? <video controls playsInline src={previewVideo.url} className="w-full max-w-4xl rounded-lg bg-black" data-testid="erasure-preview-video" /> : null}
      </ToolRunCard>

      <ToolRunCard run={erase} title={t("videoErasure.result.title")} runningLabel={t("videoErasure.erasing")}>
        {result && erasedFrom ? (
          <VideoResult player={<BeforeAfterSlider beforeUrl={erasedFrom.url} afterUrl={result.url} width={erasedFrom.width ?? 16} height={erasedFrom.height ?? 9} />} data-testid="erasure-result">
            <DownloadButton href={result.downloadUrl} data-testid="download-video">
              {t("videoErasure.result.download")}
            </DownloadButton>
          </VideoResult>
        ) : null}
      </ToolRunCard>
    </ToolPage>
  );
}
