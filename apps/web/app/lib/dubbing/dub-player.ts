/**
 * Plays the dub over the original in the editor: the media element (video or audio) is the clock;
 * each take is an AudioBufferSourceNode started at its segment's start, at the segment's speed and
 * volume (Web Audio), scheduled a little ahead while playing and stopped on pause and seek. The
 * original is played full, lowered or muted. J/K/L: rates above 1 speed the media up; a negative
 * rate steps the playhead back (media elements do not play backwards) with the dub silent.
 */
export interface PlayerTake {
  id: string;
  startMs: number;
  url: string;
  durationMs: number;
  speed: number;
  volume: number;
}

export type OriginalMode = "full" | "ducked" | "muted";
const ORIGINAL_VOLUME: Record<OriginalMode, number> = { full: 1, ducked: 0.2, muted: 0 };
const LOOKAHEAD_MS = 1500;

export class DubPlayer {
  private context: AudioContext | null = null;
  private buffers = new Map<string, Promise<AudioBuffer | null>>();
  private scheduled = new Map<string, AudioBufferSourceNode>();
  private takes: PlayerTake[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private reverse: number | null = null;
  private rate = 1;
  private listeners = new Set<(playing: boolean) => void>();

  constructor(private readonly media: HTMLMediaElement) {
    media.addEventListener("play", this.onPlay);
    media.addEventListener("pause", this.onPause);
    media.addEventListener("seeking", this.onSeek);
    media.addEventListener("ratechange", this.onSeek);
  }

  get timeMs(): number {
    return this.media.currentTime * 1000;
  }

  get playing(): boolean {
    return !this.media.paused || this.reverse !== null;
  }

  onPlayingChange(listener: (playing: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setTakes(takes: PlayerTake[]): void {
    this.takes = takes;
    if (!this.media.paused) {
      this.stopAll();
      this.schedule();
    }
  }

  setOriginal(mode: OriginalMode): void {
    this.media.volume = ORIGINAL_VOLUME[mode];
  }

  seek(ms: number): void {
    const duration = Number.isFinite(this.media.duration) ? this.media.duration * 1000 : Infinity;
    this.media.currentTime = Math.max(0, Math.min(duration, ms)) / 1000;
  }

  async play(rate = 1): Promise<void> {
    this.stopReverse();
    this.rate = rate;
    this.media.playbackRate = rate;
    this.ensureContext();
    await this.media.play().catch(() => undefined);
  }

  pause(): void {
    this.stopReverse();
    this.media.pause();
    this.notify();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else void this.play();
  }

  /** Shuttle: 0 pauses, > 0 plays at that rate, < 0 steps back at that rate. */
  shuttle(rate: number): void {
    if (rate === 0) return this.pause();
    if (rate > 0) return void this.play(rate);
    this.media.pause();
    this.stopReverse();
    let last = performance.now();
    this.reverse = window.setInterval(() => {
      const now = performance.now();
      this.seek(this.timeMs + (now - last) * rate);
      last = now;
      if (this.media.currentTime <= 0) this.pause();
    }, 50);
    this.notify();
  }

  dispose(): void {
    this.stopReverse();
    this.stopAll();
    if (this.timer) clearInterval(this.timer);
    this.media.removeEventListener("play", this.onPlay);
    this.media.removeEventListener("pause", this.onPause);
    this.media.removeEventListener("seeking", this.onSeek);
    this.media.removeEventListener("ratechange", this.onSeek);
    void this.context?.close().catch(() => undefined);
    this.listeners.clear();
  }

  private stopReverse(): void {
    if (this.reverse !== null) window.clearInterval(this.reverse);
    this.reverse = null;
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.playing);
  }

  private ensureContext(): AudioContext | null {
    if (typeof AudioContext === "undefined") return null;
    this.context ??= new AudioContext();
    if (this.context.state === "suspended") void this.context.resume().catch(() => undefined);
    return this.context;
  }

  private onPlay = () => {
    this.rate = this.media.playbackRate;
    this.stopAll();
    this.schedule();
    this.timer ??= setInterval(() => this.schedule(), 250);
    this.notify();
  };

  private onPause = () => {
    this.stopAll();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.notify();
  };

  private onSeek = () => {
    this.stopAll();
    if (!this.media.paused) this.schedule();
  };

  private buffer(url: string): Promise<AudioBuffer | null> {
    let pending = this.buffers.get(url);
    if (!pending) {
      const context = this.ensureContext();
      pending = context
        ? fetch(url)
            .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
            .then((bytes) => context.decodeAudioData(bytes))
            .catch(() => null)
        : Promise.resolve(null);
      this.buffers.set(url, pending);
    }
    return pending;
  }

  /** Starts every take that plays within the look-ahead and is not started yet. */
  private schedule(): void {
    const context = this.context;
    if (!context || this.media.paused) return;
    const now = this.timeMs;
    for (const take of this.takes) {
      const endMs = take.startMs + take.durationMs / take.speed;
      if (endMs <= now || take.startMs > now + LOOKAHEAD_MS * this.rate || this.scheduled.has(take.id)) continue;
      this.scheduled.set(take.id, null as unknown as AudioBufferSourceNode); // reserved while the buffer loads
      void this.buffer(take.url).then((buffer) => {
        if (!buffer || this.media.paused || !this.scheduled.has(take.id)) return void this.scheduled.delete(take.id);
        const at = this.timeMs;
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.playbackRate.value = take.speed * this.rate;
        const gain = context.createGain();
        gain.gain.value = take.volume;
        source.connect(gain).connect(context.destination);
        const offsetSeconds = Math.max(0, ((at - take.startMs) / 1000) * take.speed);
        if (offsetSeconds >= buffer.duration) return;
        const delaySeconds = Math.max(0, (take.startMs - at) / 1000 / this.rate);
        source.start(context.currentTime + delaySeconds, offsetSeconds);
        source.onended = () => {
          if (this.scheduled.get(take.id) === source) this.scheduled.delete(take.id);
        };
        this.scheduled.set(take.id, source);
      });
    }
  }

  private stopAll(): void {
    for (const source of this.scheduled.values()) {
      try {
        source?.stop();
      } catch {
        // Not started yet.
      }
    }
    this.scheduled.clear();
  }
}

/** The original's peaks file (bytes 0–255, 50 per second). */
export async function loadPeaks(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, signal ? { signal } : undefined);
  if (!response.ok) throw new Error(`peaks ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
