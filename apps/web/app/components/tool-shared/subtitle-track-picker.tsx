import { useEffect, useId, useRef, useState } from "react";
import type { JobView, PictureBox, SubtitleTrack } from "@voxwork/contract";
import { ScanTextIcon } from "lucide-react";
import { usePlural, useT } from "../../i18n";
import { formatDuration } from "../history/history-format";
import { RunButton } from "./run-button";

/** The candidate subtitle tracks of a job's result (`subtitleTracks`), read defensively. */
export function subtitleTracksOf(job: JobView | null): SubtitleTrack[] {
  if (job?.status !== "completed") return [];
  const tracks = (job.output as { subtitleTracks?: unknown } | null)?.subtitleTracks;
  return Array.isArray(tracks) ? (tracks as SubtitleTrack[]) : [];
}

const sameBox = (a: PictureBox | null | undefined, b: PictureBox) => !!a && Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.width - b.width) < 1 && Math.abs(a.height - b.height) < 1;
const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * The candidate subtitle tracks drawn on a frame of the video (a still, moved with a slider): each
 * box numbered, solid when it was read, dashed when not; beside it the list (language, where on the
 * height, letter size, lines seen, read or not) as radios. Picking one and pressing the action
 * re-runs the tool restricted to it (`onPick` with its box). Shown when there is more than one
 * candidate, or a track was picked, so nothing found is silently dropped (issue 27, decision 070).
 */
export function SubtitleTrackPicker({
  videoUrl,
  width,
  height,
  durationSeconds,
  tracks,
  picked,
  actionLabel,
  running,
  onPick,
}: {
  videoUrl: string;
  width: number;
  height: number;
  durationSeconds: number;
  tracks: readonly SubtitleTrack[];
  /** The box the shown result was restricted to (null: the automatic choice). */
  picked: PictureBox | null;
  actionLabel: string;
  running: boolean;
  onPick: (box: PictureBox) => void;
}) {
  const t = useT();
  const tp = usePlural();
  const name = useId();
  const video = useRef<HTMLVideoElement>(null);
  // A frame a third of the way in: past openings and title cards, where subtitles usually show.
  const [time, setTime] = useState(() => Math.round(durationSeconds * 0.33 * 10) / 10);
  const [selected, setSelected] = useState(() => Math.max(0, tracks.findIndex((track) => (picked ? sameBox(picked, track.box) : track.chosen))));
  useEffect(() => {
    if (video.current) video.current.currentTime = time;
  }, [time]);

  const languageName = (language: string | undefined) => t(language === "zh" ? "toolShared.subtitleTracks.zh" : language === "en" ? "toolShared.subtitleTracks.en" : "toolShared.subtitleTracks.unknown");
  const current = tracks[selected];
  return (
    <section className="grid gap-3" aria-labelledby={`${name}-title`} data-testid="subtitle-tracks">
      <div className="grid gap-1">
        <h3 id={`${name}-title`} className="font-semibold">
          {t("toolShared.subtitleTracks.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{picked ? t("toolShared.subtitleTracks.leadPicked") : tp("toolShared.subtitleTracks.lead", tracks.length)}</p>
      </div>
      <div className="grid gap-3 desktop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-2">
          <div className="relative w-full overflow-hidden rounded-lg bg-black" style={{ aspectRatio: `${width} / ${height}` }}>
            <video
              ref={video}
              src={videoUrl}
              muted
              playsInline
              preload="auto"
              onLoadedMetadata={(event) => (event.currentTarget.currentTime = time)}
              className="absolute inset-0 size-full object-fill"
              aria-label={t("toolShared.subtitleTracks.frame", { time: formatDuration(time) })}
            />
            {tracks.map((track, index) => (
              <div
                key={index}
                className={`pointer-events-none absolute border-2 ${track.chosen ? "border-primary" : "border-dashed border-accent"} ${index === selected ? "bg-primary/25 ring-2 ring-white" : ""}`}
                style={{ left: percent(track.box.x, width), top: percent(track.box.y, height), width: percent(track.box.width, width), height: percent(track.box.height, height) }}
                data-testid="subtitle-track-box"
              >
                <span className={`absolute top-1/2 -translate-y-1/2 px-1 text-[11px] font-semibold leading-4 ${track.box.x / width > 0.04 ? "right-full mr-0.5" : "left-0"} ${track.chosen ? "bg-primary text-primary-foreground" : "bg-accent text-black"}`}>{index + 1}</span>
              </div>
            ))}
          </div>
          <label className="grid gap-1 text-xs text-muted-foreground">
            {t("toolShared.subtitleTracks.frame", { time: formatDuration(time) })}
            <input type="range" min={0} max={Math.max(0, durationSeconds - 0.05)} step={0.1} value={time} onChange={(event) => setTime(Number(event.target.value))} className="w-full accent-[var(--vx-primary)]" />
          </label>
        </div>
        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-semibold">{t("toolShared.subtitleTracks.pick")}</legend>
          {tracks.map((track, index) => (
            <label key={index} className={`grid cursor-pointer gap-0.5 rounded-lg border p-2 text-sm ${index === selected ? "border-primary bg-primary/5" : "border-border"}`} data-testid="subtitle-track-item">
              <span className="flex items-center gap-2">
                <input type="radio" name={name} checked={index === selected} onChange={() => setSelected(index)} className="size-4 accent-[var(--vx-primary)]" />
                <span className="font-medium">{t("toolShared.subtitleTracks.track", { number: index + 1, language: languageName(track.language) })}</span>
                <span className={`ml-auto rounded px-1.5 text-xs ${track.chosen ? "bg-primary-soft text-primary-soft-foreground" : "bg-surface-muted text-muted-foreground"}`}>{t(track.chosen ? "toolShared.subtitleTracks.read" : "toolShared.subtitleTracks.notRead")}</span>
              </span>
              <span className="pl-6 text-xs text-muted-foreground tabular-nums">
                {t("toolShared.subtitleTracks.facts", {
                  top: Math.round((track.box.y / height) * 100),
                  bottom: Math.round(((track.box.y + track.box.height) / height) * 100),
                  size: Math.round(track.lineHeight),
                  lines: tp("toolShared.subtitleTracks.lines", track.lineCount),
                })}
              </span>
            </label>
          ))}
          <RunButton
            running={running}
            icon={ScanTextIcon}
            label={actionLabel}
            runningLabel={t("toolShared.common.working")}
            size="default"
            variant="outline"
            disabled={running || !current || sameBox(picked, current.box)}
            onClick={() => current && onPick(current.box)}
            data-testid="subtitle-track-pick"
          />
        </fieldset>
      </div>
    </section>
  );
}
