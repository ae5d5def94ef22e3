/**
 * Fundamental frequency (F0) of speech: YIN (de Cheveigné & Kawahara 2002) on 10 ms hops, with a
 * voiced/unvoiced decision from the aperiodicity and the frame level, and a clean-up pass that
 * drops isolated voiced frames and folds octave jumps back onto the local median. Pure TypeScript
 * on PCM; no process is spawned here.
 */
import type { FloatFile } from './float-file.ts';
import type { PcmAudio } from './pcm-audio.ts';

export interface PitchTrackOptions {
  /** Lowest F0 searched, Hz (default 60). */
  minHz?: number;
  /** Highest F0 searched, Hz (default 500). */
  maxHz?: number;
  /** Frame hop in seconds (default 0.01). */
  hopSeconds?: number;
  /** YIN absolute threshold on the cumulative-mean-normalised difference (default 0.15). */
  threshold?: number;
  /** Frames whose best normalised difference is above this are unvoiced (default 0.3). */
  maxAperiodicity?: number;
  /** Frames quieter than the loud frames (95th percentile) by more than this are unvoiced, dB (default 35). */
  silenceDb?: number;
}

export interface PitchTrack {
  hopSeconds: number;
  /** F0 per frame in Hz; 0 where the frame is unvoiced. Frame `i` is centred at `i * hopSeconds`. */
  frequencies: Float32Array;
  /** YIN's normalised difference at the chosen period (0 = perfectly periodic, 1 = noise). */
  aperiodicity: Float32Array;
  /** Frame RMS level in dBFS. */
  levelsDb: Float32Array;
  durationSeconds: number;
}

export interface PitchStatistics {
  /** Median F0 of the voiced frames, Hz; undefined when none is voiced. */
  medianHz: number | undefined;
  p10Hz: number | undefined;
  p90Hz: number | undefined;
  /** 12·log2(p90 / p10): how far the voice moves, in semitones. */
  rangeSemitones: number | undefined;
  voicedFrames: number;
  voicedSeconds: number;
}

export const semitonesBetween = (fromHz: number, toHz: number) => 12 * Math.log2(toHz / fromHz);

/** The q-quantile (0–1) of numbers, by linear interpolation; undefined for an empty list. */
export function quantile(values: ArrayLike<number>, q: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(sorted.length - 1, lower + 1);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

const median = (values: ArrayLike<number>) => quantile(values, 0.5);

/** RMS level in dBFS of `length` samples from `start` (−120 for digital silence); `samples` holds the recording's `total` samples from `offset` on. */
function levelDb(samples: Float32Array, offset: number, total: number, start: number, length: number): number {
  let sum = 0;
  const end = Math.min(total, start + length);
  for (let index = Math.max(0, start); index < end; index++) sum += samples[index - offset]! * samples[index - offset]!;
  const mean = sum / Math.max(1, end - Math.max(0, start));
  return mean > 1e-12 ? 10 * Math.log10(mean) : -120;
}

/** YIN pitch track of mono PCM (any rate; 16 kHz is plenty for 60–500 Hz). Synchronous: ~40 ms per second of audio. */
export function trackPitch(pcm: PcmAudio, options: PitchTrackOptions = {}): PitchTrack {
  const tracker = createYin(pcm, options);
  tracker.analyse(0, tracker.frames);
  return tracker.finish();
}

/**
 * The same track, computed in slices of ~2 s of audio with the event loop free in between (a
 * 3-minute reference takes seconds of CPU); stops with the signal's reason when it fires.
 */
export async function trackPitchAsync(pcm: PcmAudio, options: PitchTrackOptions & { signal?: AbortSignal | undefined } = {}): Promise<PitchTrack> {
  const tracker = createYin(pcm, options);
  const slice = 200;
  for (let from = 0; from < tracker.frames; from += slice) {
    options.signal?.throwIfAborted();
    tracker.analyse(from, Math.min(tracker.frames, from + slice));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  options.signal?.throwIfAborted();
  return tracker.finish();
}

/** The pitch of frames only: where it is 0, the frame is unvoiced or was not asked for. */
export interface PartialPitchTrack {
  hopSeconds: number;
  frequencies: Float32Array;
  durationSeconds: number;
}

/**
 * The same track of a raw mono float file, but analysed only in `spans` (seconds; speech segments)
 * and the voiced runs that reach into them, read from the file a span at a time: what is held is a
 * few floats per frame, whatever the length. Inside the spans it equals `trackPitch` of the whole
 * (the loudness floor is still the whole recording's, and each run the clean-up sees is complete).
 */
export async function trackPitchInSpans(samples: FloatFile, sampleRate: number, spans: ReadonlyArray<{ startSeconds: number; endSeconds: number }>, options: PitchTrackOptions & { signal?: AbortSignal | undefined } = {}): Promise<PartialPitchTrack> {
  const settings = yinSettings(samples.length, sampleRate, options);
  const { hop, frames, fullWindow } = settings;
  const total = samples.length;
  const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
  // The level of every frame (for the floor, a quantile of them all), 60 s of samples at a time.
  const levelsDb = new Float32Array(frames);
  const block = 6000;
  const buffer = new Float32Array((Math.min(frames, block) - 1) * hop + fullWindow);
  for (let from = 0; from < frames; from += block) {
    options.signal?.throwIfAborted();
    const to = Math.min(frames, from + block);
    const offset = Math.max(0, from * hop - (fullWindow >> 1));
    const chunk = await samples.slice(offset, (to - 1) * hop - (fullWindow >> 1) + fullWindow, buffer);
    for (let frame = from; frame < to; frame++) levelsDb[frame] = levelDb(chunk, offset, total, frame * hop - (fullWindow >> 1), fullWindow);
    await yieldToEventLoop();
  }
  const frequencies = new Float32Array(frames);
  const aperiodicity = new Float32Array(frames).fill(1);
  const analysed = new Uint8Array(frames);
  const analyseFrame = yinFrameAnalyser(settings, levelsDb, frequencies, aperiodicity);
  /** Analyses frames `first`…`last` not yet analysed, on the samples they reach. */
  const analyseRange = async (first: number, last: number) => {
    const { factor, window, tauMax } = settings;
    const lowFrom = Math.max(0, Math.round((first * hop) / factor) - (window >> 1));
    const lowTo = Math.min(settings.lowLength, Math.round((last * hop) / factor) - (window >> 1) + window + tauMax + 2);
    const offset = Math.max(0, Math.min((lowFrom - DECIMATION_REACH) * factor, first * hop - (fullWindow >> 1)));
    const chunk = await samples.slice(offset, Math.max((lowTo + DECIMATION_REACH) * factor + 1, last * hop - (fullWindow >> 1) + fullWindow + (tauMax + 4) * factor + 4));
    const view: YinView = { samples: chunk, offset, low: factor > 1 ? decimateRange(chunk, offset, total, factor, lowFrom, Math.max(lowFrom, lowTo)) : chunk, lowOffset: factor > 1 ? lowFrom : offset };
    for (let frame = first; frame <= last; frame++) {
      if (analysed[frame]) continue;
      analyseFrame(frame, view);
      analysed[frame] = 1;
    }
  };
  const hopSeconds = hop / sampleRate;
  const stretch = 100;
  for (const [index, span] of spans.entries()) {
    if (index % 20 === 0) {
      options.signal?.throwIfAborted();
      await yieldToEventLoop();
    }
    let first = Math.max(0, Math.round(span.startSeconds / hopSeconds));
    let last = Math.min(frames - 1, Math.round(span.endSeconds / hopSeconds));
    if (first > last) continue;
    await analyseRange(first, last);
    // A voiced run that crosses an end is followed to where it stops: the clean-up judges whole runs.
    while (first > 0 && frequencies[first]! > 0) {
      const from = Math.max(0, first - stretch);
      await analyseRange(from, first - 1);
      while (first > from && frequencies[first]! > 0) first--;
    }
    while (last < frames - 1 && frequencies[last]! > 0) {
      const to = Math.min(frames - 1, last + stretch);
      await analyseRange(last + 1, to);
      while (last < to && frequencies[last]! > 0) last++;
    }
  }
  options.signal?.throwIfAborted();
  cleanUpTrack(frequencies);
  return { hopSeconds, frequencies, durationSeconds: total / sampleRate };
}

/** The search's constants for a recording of `total` samples at `sampleRate`. */
function yinSettings(total: number, sampleRate: number, options: PitchTrackOptions) {
  const minHz = options.minHz ?? 60;
  const maxHz = options.maxHz ?? 500;
  const hopSeconds = options.hopSeconds ?? 0.01;
  const hop = Math.max(1, Math.round(hopSeconds * sampleRate));
  // The search runs on a copy decimated to ~8 kHz (a quarter of the work at 16 kHz: window and lag
  // range both halve); the period found is then refined on the full-rate signal.
  const factor = Math.max(1, Math.floor(sampleRate / 8_000));
  const lowRate = sampleRate / factor;
  const tauMax = Math.ceil(lowRate / minHz);
  // Integration window: 1.5 periods of the lowest F0 (25 ms at 60 Hz) keeps low voices stable.
  const window = Math.max(tauMax, Math.round(0.025 * lowRate));
  return {
    sampleRate,
    total,
    minHz,
    maxHz,
    hop,
    factor,
    tauMin: Math.max(2, Math.floor(lowRate / maxHz)),
    tauMax,
    window,
    fullWindow: window * factor,
    lowLength: factor > 1 ? Math.floor(total / factor) : total,
    frames: Math.max(0, Math.floor(total / hop) + 1),
    threshold: options.threshold ?? 0.15,
    maxAperiodicity: options.maxAperiodicity ?? 0.3,
    silenceDb: options.silenceDb ?? 35,
  };
}

/** Samples a frame is analysed on: the full-rate ones from `offset` and the decimated ones from `lowOffset` (indices in the recording). */
interface YinView {
  samples: Float32Array;
  offset: number;
  low: Float32Array;
  lowOffset: number;
}

/** YIN on one frame, writing its F0 and aperiodicity; frames under the loudness floor (35 dB below the loud frames) stay unvoiced. */
function yinFrameAnalyser(settings: ReturnType<typeof yinSettings>, levelsDb: Float32Array, frequencies: Float32Array, aperiodicity: Float32Array) {
  const { sampleRate, total, minHz, maxHz, hop, factor, tauMin, tauMax, window, fullWindow, lowLength, threshold, maxAperiodicity } = settings;
  const loud = quantile(levelsDb, 0.95) ?? -120;
  const floorDb = Math.max(-75, loud - settings.silenceDb);
  const difference = new Float64Array(tauMax + 2);
  const normalised = new Float64Array(tauMax + 2);

  return (frame: number, view: YinView) => {
    if (levelsDb[frame]! < floorDb) return;
    const { samples, offset, low, lowOffset } = view;
    // The analysis span starts half a window before the frame centre and needs window + tauMax samples.
    const start = Math.round((frame * hop) / factor) - (window >> 1);
    if (start < 0 || start + window + tauMax + 1 > lowLength) return;
    const localStart = start - lowOffset;
    // d(τ) = Σ (x[j] − x[j+τ])² over the window.
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let sum = 0;
      for (let j = localStart; j < localStart + window; j++) {
        const delta = low[j]! - low[j + tau]!;
        sum += delta * delta;
      }
      difference[tau] = sum;
    }
    // Cumulative-mean-normalised difference d'(τ).
    normalised[0] = 1;
    let running = 0;
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      running += difference[tau]!;
      normalised[tau] = running > 0 ? (difference[tau]! * tau) / running : 1;
    }
    // First dip under the threshold, followed to its local minimum; else the global minimum.
    let best = -1;
    for (let tau = tauMin; tau <= tauMax; tau++) {
      if (normalised[tau]! < threshold) {
        while (tau + 1 <= tauMax && normalised[tau + 1]! < normalised[tau]!) tau++;
        best = tau;
        break;
      }
    }
    if (best < 0) {
      best = tauMin;
      for (let tau = tauMin + 1; tau <= tauMax; tau++) if (normalised[tau]! < normalised[best]!) best = tau;
    }
    const value = normalised[best]!;
    aperiodicity[frame] = value;
    if (value > maxAperiodicity) return;
    // Parabolic interpolation around the minimum for sub-sample periods.
    const parabola = (previous: number, centre: number, next: number) => {
      const curvature = previous + next - 2 * centre;
      return curvature > 0 ? Math.max(-1, Math.min(1, (0.5 * (previous - next)) / curvature)) : 0;
    };
    let period = (best + parabola(normalised[best - 1]!, value, normalised[best + 1]!)) * factor;
    if (factor > 1) {
      // Refine on the full-rate signal: the lag of least difference within a decimated sample of the estimate.
      const fullStart = frame * hop - (fullWindow >> 1);
      const from = Math.max(2, Math.floor(period) - factor);
      const to = Math.ceil(period) + factor;
      if (fullStart >= 0 && fullStart + fullWindow + to + 2 <= total) {
        const localFullStart = fullStart - offset;
        /** Σ (x[j] − x[j+τ])² over the window (full rate). */
        const values = new Map<number, number>();
        const at = (tau: number) => {
          let cached = values.get(tau);
          if (cached === undefined) {
            cached = 0;
            for (let j = localFullStart; j < localFullStart + fullWindow; j++) {
              const delta = samples[j]! - samples[j + tau]!;
              cached += delta * delta;
            }
            values.set(tau, cached);
          }
          return cached;
        };
        let fullBest = from;
        for (let tau = from + 1; tau <= to; tau++) if (at(tau) < at(fullBest)) fullBest = tau;
        period = fullBest + parabola(at(fullBest - 1), at(fullBest), at(fullBest + 1));
      }
    }
    const hz = sampleRate / period;
    if (hz >= minHz * 0.97 && hz <= maxHz * 1.03) frequencies[frame] = hz;
  };
}

function createYin(pcm: PcmAudio, options: PitchTrackOptions) {
  const { samples, sampleRate } = pcm;
  const settings = yinSettings(samples.length, sampleRate, options);
  const { hop, frames, factor, fullWindow } = settings;
  const view: YinView = { samples, offset: 0, low: factor > 1 ? decimate(samples, factor) : samples, lowOffset: 0 };
  const frequencies = new Float32Array(frames);
  const aperiodicity = new Float32Array(frames).fill(1);
  const levelsDb = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) levelsDb[frame] = levelDb(samples, 0, samples.length, frame * hop - (fullWindow >> 1), fullWindow);
  const analyseFrame = yinFrameAnalyser(settings, levelsDb, frequencies, aperiodicity);
  return {
    frames,
    analyse(from: number, to: number) {
      for (let frame = from; frame < to; frame++) analyseFrame(frame, view);
    },
    finish(): PitchTrack {
      cleanUpTrack(frequencies);
      return { hopSeconds: hop / sampleRate, frequencies, aperiodicity, levelsDb, durationSeconds: samples.length / sampleRate };
    },
  };
}

/** How many decimated samples either side the decimation filter reaches (its half-length is 8 × the factor at full rate). */
const DECIMATION_REACH = 9;

/**
 * Every `factor`-th sample after a windowed-sinc low-pass (Blackman, 16·factor + 1 taps, cut-off at
 * 90 % of the new Nyquist frequency), so harmonics above it do not fold into the pitch range.
 */
export function decimate(samples: Float32Array, factor: number): Float32Array {
  return decimateRange(samples, 0, samples.length, factor, 0, Math.floor(samples.length / factor));
}

/** `decimate`'s outputs `from` ≤ index < `to` of a recording of `total` samples, of which `samples` holds those from `offset` on (enough to reach). */
function decimateRange(samples: Float32Array, offset: number, total: number, factor: number, from: number, to: number): Float32Array {
  const half = 8 * factor;
  const cutoff = 0.45 / factor;
  const taps = Float64Array.from({ length: 2 * half + 1 }, (_, index) => {
    const n = index - half;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const blackman = 0.42 + 0.5 * Math.cos((Math.PI * n) / half) + 0.08 * Math.cos((2 * Math.PI * n) / half);
    return sinc * blackman;
  });
  const gain = taps.reduce((sum, tap) => sum + tap, 0);
  const output = new Float32Array(to - from);
  for (let index = from; index < to; index++) {
    const centre = index * factor;
    let sum = 0;
    for (let k = -half; k <= half; k++) {
      const position = centre + k;
      if (position >= 0 && position < total) sum += taps[k + half]! * samples[position - offset]!;
    }
    output[index - from] = sum / gain;
  }
  return output;
}

/**
 * Voiced runs shorter than 3 frames (30 ms) are dropped; within a run, frames an octave away
 * from the run's 7-frame median are folded back (YIN's typical half/double period errors).
 */
function cleanUpTrack(frequencies: Float32Array): void {
  let runStart = -1;
  for (let index = 0; index <= frequencies.length; index++) {
    const voiced = index < frequencies.length && frequencies[index]! > 0;
    if (voiced && runStart < 0) runStart = index;
    if (voiced || runStart < 0) continue;
    const runEnd = index;
    if (runEnd - runStart < 3) frequencies.fill(0, runStart, runEnd);
    else {
      const run = frequencies.slice(runStart, runEnd);
      for (let position = 0; position < run.length; position++) {
        const local = median(run.subarray(Math.max(0, position - 3), Math.min(run.length, position + 4)))!;
        let hz = run[position]!;
        const ratio = hz / local;
        if (ratio > 1.7 && ratio < 2.3) hz /= 2;
        else if (ratio < 1 / 1.7 && ratio > 1 / 2.3) hz *= 2;
        frequencies[runStart + position] = hz;
      }
    }
    runStart = -1;
  }
}

/** Median, p10–p90 range and voiced time of a pitch track, optionally only inside `spans` (seconds). */
export function pitchStatistics(track: PitchTrack, spans?: ReadonlyArray<{ startSeconds: number; endSeconds: number }>): PitchStatistics {
  const voiced: number[] = [];
  for (let index = 0; index < track.frequencies.length; index++) {
    const hz = track.frequencies[index]!;
    if (hz <= 0) continue;
    if (spans) {
      const time = index * track.hopSeconds;
      if (!spans.some((span) => time >= span.startSeconds && time <= span.endSeconds)) continue;
    }
    voiced.push(hz);
  }
  const p10Hz = quantile(voiced, 0.1);
  const p90Hz = quantile(voiced, 0.9);
  return {
    medianHz: median(voiced),
    p10Hz,
    p90Hz,
    rangeSemitones: p10Hz && p90Hz ? semitonesBetween(p10Hz, p90Hz) : undefined,
    voicedFrames: voiced.length,
    voicedSeconds: voiced.length * track.hopSeconds,
  };
}
