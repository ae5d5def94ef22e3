/**
 * Fundamental frequency (F0) of speech: YIN (de Cheveigné & Kawahara 2002) on 10 ms hops, with a
 * voiced/unvoiced decision from the aperiodicity and the frame level, and a clean-up pass that
 * drops isolated voiced frames and folds octave jumps back onto the local median. Pure TypeScript
 * on PCM; no process is spawned here.
 */
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

/** RMS level in dBFS of `length` samples from `start` (−120 for digital silence). */
function levelDb(samples: Float32Array, start: number, length: number): number {
  let sum = 0;
  const end = Math.min(samples.length, start + length);
  for (let index = Math.max(0, start); index < end; index++) sum += samples[index]! * samples[index]!;
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

function createYin(pcm: PcmAudio, options: PitchTrackOptions) {
  const { samples, sampleRate } = pcm;
  const minHz = options.minHz ?? 60;
  const maxHz = options.maxHz ?? 500;
  const hopSeconds = options.hopSeconds ?? 0.01;
  const threshold = options.threshold ?? 0.15;
  const maxAperiodicity = options.maxAperiodicity ?? 0.3;
  const silenceDb = options.silenceDb ?? 35;

  const hop = Math.max(1, Math.round(hopSeconds * sampleRate));
  // The search runs on a copy decimated to ~8 kHz (a quarter of the work at 16 kHz: window and lag
  // range both halve); the period found is then refined on the full-rate signal.
  const factor = Math.max(1, Math.floor(sampleRate / 8_000));
  const low = factor > 1 ? decimate(samples, factor) : samples;
  const lowRate = sampleRate / factor;
  const tauMin = Math.max(2, Math.floor(lowRate / maxHz));
  const tauMax = Math.ceil(lowRate / minHz);
  // Integration window: 1.5 periods of the lowest F0 (25 ms at 60 Hz) keeps low voices stable.
  const window = Math.max(tauMax, Math.round(0.025 * lowRate));
  const fullWindow = window * factor;
  const frames = Math.max(0, Math.floor(samples.length / hop) + 1);
  const frequencies = new Float32Array(frames);
  const aperiodicity = new Float32Array(frames).fill(1);
  const levelsDb = new Float32Array(frames);
  const difference = new Float64Array(tauMax + 2);
  const normalised = new Float64Array(tauMax + 2);

  for (let frame = 0; frame < frames; frame++) levelsDb[frame] = levelDb(samples, frame * hop - (fullWindow >> 1), fullWindow);
  const loud = quantile(levelsDb, 0.95) ?? -120;
  const floorDb = Math.max(-75, loud - silenceDb);

  /** Σ (x[j] − x[j+τ])² over `length` samples from `start` (full rate). */
  const fullRateDifference = (start: number, length: number, tau: number) => {
    let sum = 0;
    for (let j = start; j < start + length; j++) {
      const delta = samples[j]! - samples[j + tau]!;
      sum += delta * delta;
    }
    return sum;
  };

  const analyseFrame = (frame: number) => {
    if (levelsDb[frame]! < floorDb) return;
    // The analysis span starts half a window before the frame centre and needs window + tauMax samples.
    const start = Math.round((frame * hop) / factor) - (window >> 1);
    if (start < 0 || start + window + tauMax + 1 > low.length) return;
    // d(τ) = Σ (x[j] − x[j+τ])² over the window.
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let sum = 0;
      for (let j = start; j < start + window; j++) {
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
      if (fullStart >= 0 && fullStart + fullWindow + to + 2 <= samples.length) {
        const values = new Map<number, number>();
        const at = (tau: number) => {
          let cached = values.get(tau);
          if (cached === undefined) values.set(tau, (cached = fullRateDifference(fullStart, fullWindow, tau)));
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

  return {
    frames,
    analyse(from: number, to: number) {
      for (let frame = from; frame < to; frame++) analyseFrame(frame);
    },
    finish(): PitchTrack {
      cleanUpTrack(frequencies);
      return { hopSeconds: hop / sampleRate, frequencies, aperiodicity, levelsDb, durationSeconds: samples.length / sampleRate };
    },
  };
}

/**
 * Every `factor`-th sample after a windowed-sinc low-pass (Blackman, 16·factor + 1 taps, cut-off at
 * 90 % of the new Nyquist frequency), so harmonics above it do not fold into the pitch range.
 */
export function decimate(samples: Float32Array, factor: number): Float32Array {
  const half = 8 * factor;
  const cutoff = 0.45 / factor;
  const taps = Float64Array.from({ length: 2 * half + 1 }, (_, index) => {
    const n = index - half;
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const blackman = 0.42 + 0.5 * Math.cos((Math.PI * n) / half) + 0.08 * Math.cos((2 * Math.PI * n) / half);
    return sinc * blackman;
  });
  const gain = taps.reduce((sum, tap) => sum + tap, 0);
  const output = new Float32Array(Math.floor(samples.length / factor));
  for (let index = 0; index < output.length; index++) {
    const centre = index * factor;
    let sum = 0;
    for (let k = -half; k <= half; k++) {
      const position = centre + k;
      if (position >= 0 && position < samples.length) sum += taps[k + half]! * samples[position]!;
    }
    output[index] = sum / gain;
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
