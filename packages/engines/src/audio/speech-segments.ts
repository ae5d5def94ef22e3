/**
 * Speech segments of a mono recording that may carry a music bed under the speech: a long-term
 * spectral divergence VAD (after Ramírez et al. 2004). Each 10 ms frame's short-term spectrum is
 * compared, bin by bin, with the background's spectrum, estimated as the running minimum of the
 * smoothed power over ±`backgroundWindowSeconds` (minimum statistics, bias-corrected). A steady bed
 * (music, hum, room tone) becomes part of the background, so only what rises above it in the speech
 * band counts; then hysteresis, a hangover and minimum durations turn frames into segments. The
 * same background spectrum lets the speaker features be read with the bed subtracted
 * (`speaker-clustering.ts`). A neural VAD's segments may gate it (`gate`): transients such as
 * drums rise above any background, and only a model trained on speech rejects them. Pure
 * TypeScript on a raw float file read in blocks (`analyseSpectrum`); no process is spawned here.
 */
import type { FloatFile } from './float-file.ts';
import { fft } from './voice-analysis.ts';

export interface SpeechSegmentOptions {
  /** Divergence (dB: the median over the speech band of each band's rise above the background) above which a frame starts speech (default 10). */
  onThresholdDb?: number;
  /** Speech continues while the divergence stays above this (default 5). */
  offThresholdDb?: number;
  /** Shorter bursts (before padding) are dropped (default 0.15 s). */
  minSpeechSeconds?: number;
  /** Gaps shorter than this are bridged (default 0.25 s). */
  minSilenceSeconds?: number;
  /** Added before each segment and after it (hangover), seconds (default 0.02 / 0.05; the analysis itself reaches ~50 ms past each end). */
  padBeforeSeconds?: number;
  hangoverSeconds?: number;
  /**
   * Where a second opinion (a neural VAD such as silero) heard speech: frames outside these spans,
   * widened by `gatePadSeconds`, are never speech. Drums and other transients rise above any
   * background estimate; a model trained on speech tells them apart.
   */
  gate?: readonly TimedSpan[] | undefined;
  /** How far the gate's spans are widened on each side, seconds (default 0.1). */
  gatePadSeconds?: number;
  /** Half-width of the background's running minimum, seconds (default 2.5). */
  backgroundWindowSeconds?: number;
  signal?: AbortSignal | undefined;
}

export interface TimedSpan {
  startSeconds: number;
  endSeconds: number;
}

/** The short-term analysis a segmentation made, kept so that speaker features reuse it. */
export interface SpectralAnalysis {
  sampleRate: number;
  hopSeconds: number;
  /** Mel band edges' centres, Hz (`MEL_BANDS` bands, 80 Hz – 7.6 kHz). */
  bandCentresHz: Float32Array;
  /** Divergence per frame, dB. */
  divergenceDb: Float32Array;
  frames: number;
  bands: number;
  /** Power per mel band of frames `first`…`last` and the background under it (bias-corrected), `frames × bands` row-major, read from the stores. */
  readFrames(first: number, last: number): Promise<{ power: Float32Array; background: Float32Array }>;
}

export interface SpeechSegmentation {
  segments: TimedSpan[];
  analysis: SpectralAnalysis;
  durationSeconds: number;
}

const HOP_SECONDS = 0.01;
/** Minimum statistics under-estimate the mean of a fluctuating power by about this much (≈ 4 dB for 5-frame smoothing). */
const MINIMUM_BIAS = 2.5;
/** The band speech shows in and a bed's lows do not dominate. */
const SPEECH_BAND_HZ = [250, 4000] as const;

/**
 * Running minimum over ±`half` frames (clipped to the recording's `frames`) of each bin, for the
 * frames `from` ≤ frame < `to`; `values` holds the frames from `valuesFrom` on, reaching `half`
 * past both ends (monotonic deque per bin, O(frames) each); written to the start of `into`.
 */
function runningMinimum(values: Float32Array, valuesFrom: number, frames: number, bins: number, half: number, from: number, to: number, into: Float32Array): Float32Array {
  const out = into.subarray(0, (to - from) * bins);
  const deque = new Int32Array(values.length / bins);
  const at = (frame: number, bin: number) => values[(frame - valuesFrom) * bins + bin]!;
  for (let bin = 0; bin < bins; bin++) {
    let head = 0;
    let tail = 0;
    let next = Math.max(0, from - half);
    for (let frame = from; frame < to; frame++) {
      const until = Math.min(frames - 1, frame + half);
      for (; next <= until; next++) {
        const value = at(next, bin);
        while (tail > head && at(deque[tail - 1]!, bin) >= value) tail--;
        deque[tail++] = next;
      }
      while (deque[head]! < frame - half) head++;
      out[(frame - from) * bins + bin] = at(deque[head]!, bin);
    }
  }
  return out;
}

export const MEL_BANDS = 40;
const melOf = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular mel filters over the FFT bins: for each band, its first bin and weights. */
function melFilters(sampleRate: number, fftSize: number, bands: number, lowHz: number, highHz: number) {
  const edges = Array.from({ length: bands + 2 }, (_, index) => hzOfMel(melOf(lowHz) + ((melOf(highHz) - melOf(lowHz)) * index) / (bands + 1)));
  const binHz = sampleRate / fftSize;
  return Array.from({ length: bands }, (_, band) => {
    const [left, centre, right] = [edges[band]!, edges[band + 1]!, edges[band + 2]!];
    const first = Math.max(1, Math.ceil(left / binHz));
    const last = Math.min(fftSize / 2, Math.floor(right / binHz));
    const weights: number[] = [];
    for (let bin = first; bin <= last; bin++) {
      const hz = bin * binHz;
      weights.push(Math.max(0, hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre)));
    }
    return { first, weights, centre };
  });
}

/** Frames of mel power handled at a time (60 s): what the analysis holds is a few of these, whatever the length. */
const BLOCK_FRAMES = 6000;

/** Where the analysis keeps its per-frame spectra (empty files it appends to; the caller owns and closes them). */
export interface SpectralStores {
  power: FloatFile;
  background: FloatFile;
}

/**
 * Short-term mel-band power (Hann, 32 ms, 10 ms hop) and the background under it, of `samples`
 * (a raw mono float file) read in blocks of 60 s. Two passes, because the floor under the
 * background is set by the loudest band of the whole recording: the first writes each frame's
 * power to `stores.power` and finds the loudest; the second reads the power back with the
 * background window's margin on both sides, and keeps only the divergence (a float per frame);
 * the background goes to `stores.background` for the speaker features. Same values as when the
 * whole spectrum was held in memory.
 */
export async function analyseSpectrum(samples: FloatFile, sampleRate: number, stores: SpectralStores, options: { backgroundWindowSeconds?: number; blockFrames?: number; signal?: AbortSignal | undefined } = {}): Promise<SpectralAnalysis> {
  const total = samples.length;
  const fftSize = sampleRate > 24_000 ? 2048 : sampleRate > 12_000 ? 512 : 256;
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const bands = MEL_BANDS;
  const filters = melFilters(sampleRate, fftSize, bands, 80, Math.min(7600, sampleRate / 2 - 200));
  const frames = Math.max(0, Math.floor(total / hop) + 1);
  const hann = Float64Array.from({ length: fftSize }, (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / fftSize));
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const blockFrames = Math.min(frames, options.blockFrames ?? BLOCK_FRAMES);
  // Buffers for a block and its margins, reused from block to block: new ones each time were garbage faster than it was collected.
  const sampleBuffer = new Float32Array((blockFrames + 3) * hop + fftSize);
  const powerBuffer = new Float32Array((blockFrames + 2 * Math.max(3, Math.round((options.backgroundWindowSeconds ?? 2.5) / HOP_SECONDS)) + 4) * bands);
  const smoothedBuffer = new Float32Array(powerBuffer.length);
  const backgroundBuffer = new Float32Array(blockFrames * bands);
  /** Mel power of frames `from` ≤ frame < `to`, `(to − from) × bands` (in `powerBuffer`). */
  const melPower = async (from: number, to: number) => {
    const offset = Math.max(0, from * hop - fftSize / 2);
    const chunk = await samples.slice(offset, (to - 1) * hop + fftSize / 2, sampleBuffer);
    const power = powerBuffer.subarray(0, (to - from) * bands);
    for (let frame = from; frame < to; frame++) {
      const start = frame * hop - fftSize / 2;
      for (let index = 0; index < fftSize; index++) {
        const at = start + index;
        re[index] = at >= 0 && at < total ? chunk[at - offset]! * hann[index]! : 0;
        im[index] = 0;
      }
      fft(re, im);
      const row = (frame - from) * bands;
      for (let band = 0; band < bands; band++) {
        const { first, weights } = filters[band]!;
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += weights[k]! * (re[first + k]! * re[first + k]! + im[first + k]! * im[first + k]!);
        power[row + band] = sum + 1e-10;
      }
    }
    return power;
  };
  // Smoothed over 5 frames (50 ms) before the minimum, so one quiet frame inside a note is not the background.
  // `power` holds frames from `powerFrom`; the result covers `from` ≤ frame < `to`.
  const smooth = (power: Float32Array, powerFrom: number, from: number, to: number) => {
    const smoothed = smoothedBuffer.subarray(0, (to - from) * bands);
    for (let frame = from; frame < to; frame++) {
      const first = Math.max(0, frame - 2);
      const last = Math.min(frames - 1, frame + 2);
      for (let band = 0; band < bands; band++) {
        let sum = 0;
        for (let other = first; other <= last; other++) sum += power[(other - powerFrom) * bands + band]!;
        smoothed[(frame - from) * bands + band] = sum / (last - first + 1);
      }
    }
    return smoothed;
  };
  const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

  // First pass: the power, and the loudest smoothed band. Digital silence has no background to speak of: 80 dB under it is the floor.
  let loudest = 0;
  for (let from = 0; from < frames; from += blockFrames) {
    options.signal?.throwIfAborted();
    const to = Math.min(frames, from + blockFrames);
    // Two frames either side for the smoothing; only the block's own frames are stored.
    const powerFrom = Math.max(0, from - 2);
    const power = await melPower(powerFrom, Math.min(frames, to + 2));
    const smoothed = smooth(power, powerFrom, from, to);
    for (let index = 0; index < smoothed.length; index++) loudest = Math.max(loudest, smoothed[index]!);
    await stores.power.append(power.subarray((from - powerFrom) * bands, (to - powerFrom) * bands));
    await yieldToEventLoop();
  }
  const floor = Math.max(1e-10, loudest * 1e-8);

  // Second pass: the background (a running minimum over ±`half` frames) and the divergence: the long-term spectral
  // envelope (max over ±3 frames) against the background, per band in dB (0–40), and the median over the speech band:
  // speech lifts most bands, a tonal bed's new note only a few.
  const half = Math.round((options.backgroundWindowSeconds ?? 2.5) / HOP_SECONDS);
  const reach = Math.max(half, 3);
  const inBand = filters.map((filter, band) => [filter.centre, band] as const).filter(([centre]) => centre >= SPEECH_BAND_HZ[0] && centre <= SPEECH_BAND_HZ[1]).map(([, band]) => band);
  const divergenceDb = new Float32Array(frames);
  const perBand = new Float64Array(inBand.length);
  for (let from = 0; from < frames; from += blockFrames) {
    options.signal?.throwIfAborted();
    const to = Math.min(frames, from + blockFrames);
    const smoothedFrom = Math.max(0, from - reach);
    const smoothedTo = Math.min(frames, to + reach);
    const powerFrom = Math.max(0, smoothedFrom - 2);
    const power = await stores.power.slice(powerFrom * bands, Math.min(frames, smoothedTo + 2) * bands, powerBuffer);
    const smoothed = smooth(power, powerFrom, smoothedFrom, smoothedTo);
    const at = (frame: number, band: number) => smoothed[(frame - smoothedFrom) * bands + band]!;
    const background = runningMinimum(smoothed, smoothedFrom, frames, bands, half, from, to, backgroundBuffer);
    for (let index = 0; index < background.length; index++) background[index] = background[index]! * MINIMUM_BIAS;
    for (let frame = from; frame < to; frame++) {
      const first = Math.max(0, frame - 3);
      const last = Math.min(frames - 1, frame + 3);
      for (const [position, band] of inBand.entries()) {
        let envelope = 0;
        for (let other = first; other <= last; other++) envelope = Math.max(envelope, at(other, band));
        perBand[position] = Math.min(40, Math.max(0, 10 * Math.log10(envelope / Math.max(background[(frame - from) * bands + band]!, floor))));
      }
      perBand.sort();
      divergenceDb[frame] = perBand[Math.floor(perBand.length / 2)]!;
    }
    await stores.background.append(background);
    await yieldToEventLoop();
  }
  return {
    sampleRate,
    hopSeconds: hop / sampleRate,
    bandCentresHz: Float32Array.from(filters.map((filter) => filter.centre)),
    divergenceDb,
    frames,
    bands,
    async readFrames(first, last) {
      const [power, background] = await Promise.all([stores.power.slice(first * bands, (last + 1) * bands), stores.background.slice(first * bands, (last + 1) * bands)]);
      return { power, background };
    },
  };
}

/** Frames above the thresholds (hysteresis) → spans, padded, bridged and filtered by duration. */
export function segmentsFromDivergence(divergence: ArrayLike<number>, hopSeconds: number, durationSeconds: number, options: SpeechSegmentOptions = {}): TimedSpan[] {
  let divergenceDb = divergence;
  if (options.gate) {
    const pad = options.gatePadSeconds ?? 0.1;
    const gated = new Float32Array(divergence.length);
    for (const span of options.gate) {
      const from = Math.max(0, Math.floor((span.startSeconds - pad) / hopSeconds));
      const to = Math.min(divergence.length, Math.ceil((span.endSeconds + pad) / hopSeconds));
      for (let frame = from; frame < to; frame++) gated[frame] = divergence[frame]!;
    }
    divergenceDb = gated;
  }
  const on = options.onThresholdDb ?? 10;
  const off = options.offThresholdDb ?? 5;
  const raw: Array<[number, number]> = [];
  let start = -1;
  for (let frame = 0; frame <= divergenceDb.length; frame++) {
    const value = frame < divergenceDb.length ? divergenceDb[frame]! : -Infinity;
    if (start < 0 && value >= on) {
      // Speech began where the divergence last rose above the lower threshold.
      start = frame;
      while (start > 0 && divergenceDb[start - 1]! >= off) start--;
    } else if (start >= 0 && value < off) {
      raw.push([start, frame]);
      start = -1;
    }
  }
  const before = options.padBeforeSeconds ?? 0.02;
  const after = options.hangoverSeconds ?? 0.05;
  const minSilence = options.minSilenceSeconds ?? 0.25;
  const minSpeech = options.minSpeechSeconds ?? 0.15;
  const merged: TimedSpan[] = [];
  // A burst shorter than the minimum (a click, a drum hit) is not speech, whatever its level.
  for (const [from, to] of raw.filter(([from, to]) => (to - from) * hopSeconds >= minSpeech)) {
    const span = { startSeconds: Math.max(0, from * hopSeconds - before), endSeconds: Math.min(durationSeconds, to * hopSeconds + after) };
    const previous = merged.at(-1);
    if (previous && span.startSeconds - previous.endSeconds < minSilence) previous.endSeconds = Math.max(previous.endSeconds, span.endSeconds);
    else merged.push(span);
  }
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return merged.map((span) => ({ startSeconds: round(span.startSeconds), endSeconds: round(span.endSeconds) }));
}

/** Speech segments of a raw mono float file (16 kHz is what the pipeline has), robust to a steady bed under the speech. */
export async function detectSpeechSegments(samples: FloatFile, sampleRate: number, stores: SpectralStores, options: SpeechSegmentOptions = {}): Promise<SpeechSegmentation> {
  const analysis = await analyseSpectrum(samples, sampleRate, stores, options);
  const durationSeconds = samples.length / sampleRate;
  return { segments: segmentsFromDivergence(analysis.divergenceDb, analysis.hopSeconds, durationSeconds, options), analysis, durationSeconds };
}
