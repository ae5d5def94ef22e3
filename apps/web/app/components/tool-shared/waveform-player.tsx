import { useEffect, useRef, useState, type ComponentProps } from "react";
import { PauseIcon, PlayIcon } from "lucide-react";
import type WaveSurfer from "wavesurfer.js";
import { useT } from "../../i18n/index";
import { formatClock } from "../../lib/speech/recording";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";

/** Theme colours for the canvas (it cannot use CSS variables), re-read when the colour mode changes. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { waveColor: read("--vx-border", "#cbd5e1"), progressColor: read("--vx-primary", "#6366f1"), cursorColor: read("--vx-foreground", "#0f172a") };
}

export interface WaveformPlayerProps extends Omit<ComponentProps<"div">, "children"> {
  url: string;
  name: string;
  height?: number;
}

/**
 * An audio player with its waveform (wavesurfer.js, loaded on first use so it only ships with the
 * pages that show one). Playback goes through a native <audio> element, which also is the fallback
 * when the waveform cannot be drawn.
 */
export function WaveformPlayer({ url, name, height = 72, className, ...props }: WaveformPlayerProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ current: 0, total: 0 });
  const [drawn, setDrawn] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let disposed = false;
    const media = audio.current;
    if (!container.current || !media) return;
    setDrawn("loading");
    const observer = new MutationObserver(() => surfer.current?.setOptions(themeColors()));
    void import("wavesurfer.js")
      .then(({ default: WaveSurferClass }) => {
        if (disposed || !container.current) return;
        const instance = WaveSurferClass.create({
          container: container.current,
          media,
          url,
          height,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          cursorWidth: 1,
          normalize: true,
          dragToSeek: true,
          ...themeColors(),
        });
        surfer.current = instance;
        instance.on("ready", (duration) => {
          setDrawn("ready");
          setTime((value) => ({ ...value, total: duration }));
        });
        instance.on("error", () => setDrawn("failed"));
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
      })
      .catch(() => !disposed && setDrawn("failed"));
    return () => {
      disposed = true;
      observer.disconnect();
      surfer.current?.destroy();
      surfer.current = null;
    };
  }, [url, height]);

  useEffect(() => {
    const media = audio.current;
    if (!media) return;
    const update = () => setTime({ current: media.currentTime, total: Number.isFinite(media.duration) ? media.duration : 0 });
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    media.addEventListener("timeupdate", update);
    media.addEventListener("loadedmetadata", update);
    media.addEventListener("play", onPlay);
    media.addEventListener("pause", onPause);
    media.addEventListener("ended", onPause);
    return () => {
      media.removeEventListener("timeupdate", update);
      media.removeEventListener("loadedmetadata", update);
      media.removeEventListener("play", onPlay);
      media.removeEventListener("pause", onPause);
      media.removeEventListener("ended", onPause);
    };
  }, []);

  const toggle = () => {
    const media = audio.current;
    if (!media) return;
    if (media.paused) void media.play().catch(() => setPlaying(false));
    else media.pause();
  };

  return (
    <div data-slot="waveform-player" data-state={drawn} className={cn("grid gap-2 rounded-xl border border-border bg-surface-muted/40 p-3", className)} {...props}>
      <div className="flex items-center gap-3">
        <Button type="button" size="icon" variant="default" onClick={toggle} aria-label={playing ? t("toolShared.waveform.pause") : t("toolShared.waveform.play")} className="rounded-full">
          {playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
        </Button>
        <div
          ref={container}
          role="img"
          aria-label={t("toolShared.waveform.label", { name })}
          className={cn("min-w-0 flex-1", drawn === "failed" && "hidden")}
          style={{ minHeight: drawn === "failed" ? undefined : height }}
        />
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {t("toolShared.waveform.time", { current: formatClock(time.current), total: formatClock(time.total) })}
        </span>
      </div>
      <audio ref={audio} src={url} preload="metadata" controls={drawn === "failed"} className={drawn === "failed" ? "w-full" : "hidden"} aria-label={name} />
    </div>
  );
}
