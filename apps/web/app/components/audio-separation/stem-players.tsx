import { useRef, useState, type ComponentProps } from "react";
import type { JobView } from "@voxwork/contract";
import { useT } from "../../i18n";
import { cn } from "../../lib/utils";
import { WaveformPlayer } from "../tool-shared/waveform-player";
import { DownloadButton } from "../tool-shared/download-button";

type MediaFile = JobView["media"][number];
export type Track = "original" | "voice" | "background";
const TRACKS: readonly Track[] = ["original", "voice", "background"];

/** A separation job's files by track: each stem as WAV and MP3, the original as MP3. */
export function stemFiles(job: JobView) {
  const file = (name: string) => job.media.find((media) => media.name === name);
  return {
    original: { mp3: file("original.mp3"), wav: undefined },
    voice: { mp3: file("voice.mp3"), wav: file("voice.wav") },
    background: { mp3: file("background.mp3"), wav: file("background.wav") },
  } satisfies Record<Track, { mp3: MediaFile | undefined; wav: MediaFile | undefined }>;
}

/**
 * The result of a separation: a waveform player per track (original, voice, background), one
 * playing at a time, a switch that moves playback to another track at the same moment (to compare),
 * and the downloads of each stem as WAV and MP3.
 */
export function StemPlayers({ job, className, ...props }: { job: JobView } & ComponentProps<"div">) {
  const t = useT();
  const files = stemFiles(job);
  const root = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<Track>("voice");
  const audioOf = (track: Track) => root.current?.querySelector<HTMLAudioElement>(`[data-track="${track}"] audio`) ?? null;

  // Solo: a track that starts playing pauses the others.
  function onPlay(event: React.SyntheticEvent<HTMLDivElement>) {
    const started = event.target as HTMLElement;
    for (const audio of root.current?.querySelectorAll("audio") ?? []) if (audio !== started && !audio.paused) audio.pause();
    const track = started.closest<HTMLElement>("[data-track]")?.dataset.track as Track | undefined;
    if (track) setCurrent(track);
  }

  // Switch: the chosen track takes over at the position of the one playing (or last played).
  function switchTo(track: Track) {
    const from = TRACKS.map(audioOf).find((audio) => audio && !audio.paused) ?? audioOf(current);
    const to = audioOf(track);
    setCurrent(track);
    if (!to) return;
    const playing = from ? !from.paused : false;
    if (from && from !== to) {
      to.currentTime = from.currentTime;
      from.pause();
    }
    if (playing || from !== to) void to.play().catch(() => undefined);
  }

  const label = (track: Track) => t(`audioSeparation.result.${track}`);
  return (
    <div ref={root} className={cn("grid gap-4", className)} onPlayCapture={onPlay} data-testid="stem-players" {...props}>
      <div className="grid gap-1">
        <div role="radiogroup" aria-label={t("audioSeparation.result.listen")} className="flex w-fit flex-wrap rounded-lg border border-border bg-surface-muted/40 p-1">
          {TRACKS.map((track) => (
            <button
              key={track}
              type="button"
              role="radio"
              aria-checked={current === track}
              onClick={() => switchTo(track)}
              className={cn("rounded-md px-3 py-1.5 text-sm font-medium transition-colors", current === track ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground")}
              data-testid={`switch-${track}`}
            >
              {label(track)}
            </button>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t("audioSeparation.result.switchHint")}</p>
      </div>
      {TRACKS.map((track) => {
        const { mp3, wav } = files[track];
        if (!mp3) return null;
        return (
          <section key={track} className={cn("grid gap-2 rounded-2xl border p-3 transition-colors", current === track ? "border-primary bg-primary/5" : "border-transparent")} data-track={track} aria-label={label(track)}>
            <h3 className="text-sm font-semibold">{label(track)}</h3>
            <WaveformPlayer url={mp3.url} name={label(track)} height={56} />
            {track !== "original" ? (
              <div className="flex flex-wrap gap-2">
                {[wav, mp3].map((file) =>
                  file ? (
                    <DownloadButton key={file.name} href={file.downloadUrl} variant={file === wav ? "default" : "outline"} data-testid={`download-${file.name.replace(".", "-")}`}>
                      {t("audioSeparation.result.download", { track: label(track), format: file === wav ? "WAV" : "MP3" })}
                    </DownloadButton>
                  ) : null,
                )}
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
