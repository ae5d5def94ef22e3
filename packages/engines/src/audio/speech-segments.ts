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
 * TypeScript on PCM; no process is spawned here.
 */
import type { PcmAudio } from './pcm-audio.ts';
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
  /** Power per frame and mel band, `frames × bands`, row-major. */
  power: Float32Array;
  /** Background power per frame and band (same layout), bias-corrected. */
  background: Float32Array;
  /** Divergence per frame, dB. */
  divergenceDb: Float32Array;
  frames: number;
  bands: number;
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

/** Running minimum over ±`half` frames of each bin (monotonic deque per bin, O(frames) each). */
function runningMinimum(values: Float32Array, frames: number, bins: number, half: number): Float32Array {
  const out = new Float32Array(values.length);
  const deque = new Int32Array(frames);
  for (let bin = 0; bin < bins; bin++) {
    let head = 0;
    let tail = 0;
    let next = 0;
    for (let frame = 0; frame < frames; frame++) {
      const until = Math.min(frames - 1, frame + half);
      for (; next <= until; next++) {
        const value = values[next * bins + bin]!;
        while (tail > head && values[deque[tail - 1]! * bins + bin]! >= value) tail--;
        deque[tail++] = next;
      }
      while (deque[head]! < frame - half) head++;
      out[frame * bins + bin] = values[deque[head]! * bins + bin]!;
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

/** Short-term mel-band power (Hann, 32 ms, 10 ms hop) and the background under it. */
export function analyseSpectrum(pcm: PcmAudio, options: { backgroundWindowSeconds?: number; signal?: AbortSignal | undefined } = {}): SpectralAnalysis {
  const { samples, sampleRate } = pcm;
  const fftSize = sampleRate > 24_000 ? 2048 : sampleRate > 12_000 ? 512 : 256;
  const hop = Math.round(HOP_SECONDS * sampleRate);
  const bands = MEL_BANDS;
  const filters = melFilters(sampleRate, fftSize, bands, 80, Math.min(7600, sampleRate / 2 - 200));
  const frames = Math.max(0, Math.floor(samples.length / hop) + 1);
  const hann = Float64Array.from({ length: fftSize }, (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / fftSize));
  const power = new Float32Array(frames * bands);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  for (let frame = 0; frame < frames; frame++) {
    if (frame % 2000 === 0) options.signal?.throwIfAborted();
    const start = frame * hop - fftSize / 2;
    for (let index = 0; index < fftSize; index++) {
      const at = start + index;
      re[index] = at >= 0 && at < samples.length ? samples[at]! * hann[index]! : 0;
      im[index] = 0;
    }
    fft(re, im);
    for (let band = 0; band < bands; band++) {
      const { first, weights } = filters[band]!;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += weights[k]! * (re[first + k]! * re[first + k]! + im[first + k]! * im[first + k]!);
      power[frame * bands + band] = sum + 1e-10;
    }
  }
  // Smoothed over 5 frames (50 ms) before the minimum, so one quiet frame inside a note is not the background.
  const smoothed = new Float32Array(power.length);
  for (let frame = 0; frame < frames; frame++) {
    const from = Math.max(0, frame - 2);
    const to = Math.min(frames - 1, frame + 2);
    for (let band = 0; band < bands; band++) {
      let sum = 0;
      for (let other = from; other <= to; other++) sum += power[other * bands + band]!;
      smoothed[frame * bands + band] = sum / (to - from + 1);
    }
  }
  // Digital silence has no background to speak of: 80 dB under the loudest band is the floor.
  let loudest = 0;
  for (let index = 0; index < smoothed.length; index++) loudest = Math.max(loudest, smoothed[index]!);
  const floor = Math.max(1e-10, loudest * 1e-8);
  const half = Math.round((options.backgroundWindowSeconds ?? 2.5) / HOP_SECONDS);
  const background = runningMinimum(smoothed, frames, bands, half);
  for (let index = 0; index < background.length; index++) background[index] = background[index]! * MINIMUM_BIAS;

  // Divergence: the long-term spectral envelope (max over ±3 frames) against the background, per band in dB
  // (0–40), and the median over the speech band: speech lifts most bands, a tonal bed's new note only a few.
  const inBand = filters.map((filter, band) => [filter.centre, band] as const).filter(([centre]) => centre >= SPEECH_BAND_HZ[0] && centre <= SPEECH_BAND_HZ[1]).map(([, band]) => band);
  const divergenceDb = new Float32Array(frames);
  const perBand = new Float64Array(inBand.length);
  for (let frame = 0; frame < frames; frame++) {
    const from = Math.max(0, frame - 3);
    const to = Math.min(frames - 1, frame + 3);
    for (const [position, band] of inBand.entries()) {
      let envelope = 0;
      for (let other = from; other <= to; other++) envelope = Math.max(envelope, smoothed[other * bands + band]!);
      perBand[position] = Math.min(40, Math.max(0, 10 * Math.log10(envelope / Math.max(background[frame * bands + band]!, floor))));
    }
    perBand.sort();
    divergenceDb[frame] = perBand[Math.floor(perBand.length / 2)]!;
  }
  return { sampleRate, hopSeconds: hop / sampleRate, bandCentresHz: Float32Array.from(filters.map((filter) => filter.centre)), power, background, divergenceDb, frames, bands };
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

/** Speech segments of mono PCM (16 kHz is what the pipeline has), robust to a steady bed under the speech. */
export function detectSpeechSegments(pcm: PcmAudio, options: SpeechSegmentOptions = {}): SpeechSegmentation {
  const analysis = analyseSpectrum(pcm, options);
  const durationSeconds = pcm.samples.length / pcm.sampleRate;
  return { segments: segmentsFromDivergence(analysis.divergenceDb, analysis.hopSeconds, durationSeconds, options), analysis, durationSeconds };
}
