import { useCallback, useEffect, useRef, useState } from "react";
import type { DubbingProject } from "@voxwork/contract";
import type { DubbingSegment } from "@voxwork/contract/dubbing";
import { DubPlayer, loadPeaks, type OriginalMode } from "../../lib/dubbing/dub-player";

/**
 * The dubbing editor's player (`DubPlayer`) on the preview's media element (`media`): the takes of
 * `language` played over the original, which plays full, ducked or muted; the playhead, seeking,
 * whether it plays; and the original's waveform (`peaks`).
 */
export function useDubPlayer({ mediaUrl, peaksUrl, segments, language, originalMode }: { mediaUrl: DubbingProject["media"]["url"]; peaksUrl: DubbingProject["media"]["peaksUrl"]; segments: readonly DubbingSegment[]; language: string; originalMode: OriginalMode }) {
  const [playing, setPlaying] = useState(false);
  const [peaks, setPeaks] = useState<Uint8Array | null>(null);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const player = useRef<DubPlayer | null>(null);

  // The original's waveform.
  useEffect(() => {
    const url = peaksUrl;
    if (!url) return;
    const controller = new AbortController();
    loadPeaks(url, controller.signal).then(setPeaks, () => undefined);
    return () => controller.abort();
  }, [peaksUrl]);

  // The player: the media element is the clock; the takes of the current language play over it.
  // While paused, the playhead and the clock move when the media's time does (a seek), not every frame.
  const timeListeners = useRef(new Set<() => void>());
  const onTimeMoved = useCallback((listener: () => void) => {
    timeListeners.current.add(listener);
    return () => void timeListeners.current.delete(listener);
  }, []);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const instance = new DubPlayer(element);
    player.current = instance;
    const off = instance.onPlayingChange(setPlaying);
    const moved = () => {
      for (const listener of timeListeners.current) listener();
    };
    const events = ["seeking", "seeked", "timeupdate", "loadedmetadata"] as const;
    for (const name of events) element.addEventListener(name, moved);
    moved();
    return () => {
      off();
      for (const name of events) element.removeEventListener(name, moved);
      instance.dispose();
      player.current = null;
    };
  }, [mediaUrl]);
  useEffect(() => {
    player.current?.setTakes(
      segments.flatMap((segment) => {
        const take = segment.takes[language];
        return take ? [{ id: `${segment.id}:${take.url}`, startMs: segment.startMs, url: take.url, durationMs: take.durationMs, speed: segment.speed, volume: segment.volume }] : [];
      }),
    );
  }, [segments, language]);
  useEffect(() => player.current?.setOriginal(originalMode), [originalMode, mediaUrl]);
  const getPlayhead = useCallback(() => player.current?.timeMs ?? 0, []);
  const isPlaying = useCallback(() => player.current?.playing ?? false, []);
  const seek = useCallback((ms: number) => {
    player.current?.seek(ms);
  }, []);

  return { media, player, playing, peaks, onTimeMoved, getPlayhead, isPlaying, seek };
}
