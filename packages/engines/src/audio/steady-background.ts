/**
 * A soundtrack with its steady background taken out, for measuring the voice over it: a music bed
 * that holds its notes (a chord, a pad, a drone) is periodic too, and YIN follows it instead of the
 * voice (a woman at 213 Hz over a 220/277 Hz chord was measured at 72–143 Hz and called a man).
 * Spectral subtraction with a minimum-statistics background (as the VAD's, decision 030): per
 * frequency bin, the running minimum over ±1 s of the 50 ms-smoothed power (×2.5 bias) is what
 * was there all along; each short-time spectrum keeps only what rises above it (voice harmonics
 * come and go within a syllable), floored at −26 dB, and is overlap-added back. Only what the
 * voice is measured on passes here; nobody listens to it. Pure TypeScript on a raw float file,
 * read and written in chunks of 20 s so that hours of audio need little memory.
 */
import type { FloatFile } from './float-file.ts';
import { fft, inverseRealSpectrum } from './voice-analysis.ts';

export interface SteadyBackgroundOptions {
  /** The background is the minimum over ± this many seconds (default 1). */
  windowSeconds?: number;
  /** Times the running minimum (default 2.5: the minimum of a noisy power sits well under its mean). */
  bias?: number;
  /** Lowest gain of a bin, as an amplitude (default 0.05, −26 dB). */
  floor?: number;
  signal?: AbortSignal | undefined;
}

const FRAME = 512;
const HOP = FRAME / 2;
const BINS = FRAME / 2 + 1;
const CHUNK_SECONDS = 20;

/** Running minimum over ±`half` entries of each of `bins` series laid out frame-major (van Herk / Gil-Werman, O(n)). */
function runningMinimum(values: Float32Array, frames: number, bins: number, half: number, out: Float32Array, prefix: Float32Array, suffix: Float32Array): Float32Array {
  const width = 2 * half + 1;
  for (let bin = 0; bin < bins; bin++) {
    for (let frame = 0; frame < frames; frame++) {
      const value = values[frame * bins + bin]!;
      prefix[frame] = frame % width === 0 ? value : Math.min(prefix[frame - 1]!, value);
    }
    for (let frame = frames - 1; frame >= 0; frame--) {
      const value = values[frame * bins + bin]!;
      suffix[frame] = frame === frames - 1 || (frame + 1) % width === 0 ? value : Math.min(suffix[frame + 1]!, value);
    }
    for (let frame = 0; frame < frames; frame++) {
      const from = Math.max(0, frame - half);
      const to = Math.min(frames - 1, frame + half);
      // [from, to] spans at most two blocks: the suffix minimum of the first and the prefix minimum of the second.
      out[frame * bins + bin] = Math.min(suffix[from]!, prefix[to]!);
    }
  }
  return out;
}

/**
 * The arrays a chunk is cleaned in, allocated once for the largest chunk and reused: a new set for
 * every 20 s chunk was ~14 MB of garbage each, and on an hour the garbage waiting for collection,
 * not what was live, set the peak.
 */
interface CleaningWorkspace {
  spectraRe: Float32Array;
  spectraIm: Float32Array;
  power: Float32Array;
  smoothed: Float32Array;
  background: Float32Array;
  prefix: Float32Array;
  suffix: Float32Array;
  out: Float64Array;
  cleaned: Float32Array;
}

function cleaningWorkspace(maxSamples: number): CleaningWorkspace {
  const frames = Math.max(1, Math.ceil((maxSamples + FRAME) / HOP));
  const spectrum = () => new Float32Array(frames * BINS);
  return {
    spectraRe: spectrum(),
    spectraIm: spectrum(),
    power: spectrum(),
    smoothed: spectrum(),
    background: spectrum(),
    prefix: new Float32Array(frames),
    suffix: new Float32Array(frames),
    out: new Float64Array(maxSamples + 2 * FRAME),
    cleaned: new Float32Array(maxSamples),
  };
}

/** One chunk of samples with its steady background subtracted (same length). */
function cleanChunk(samples: Float32Array, sampleRate: number, options: Required<Omit<SteadyBackgroundOptions, 'signal'>>, workspace: CleaningWorkspace): Float32Array {
  const frames = Math.max(1, Math.ceil((samples.length + FRAME) / HOP));
  const window = Float64Array.from({ length: FRAME }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / FRAME)));
  const spectraRe = workspace.spectraRe.subarray(0, frames * BINS);
  const spectraIm = workspace.spectraIm.subarray(0, frames * BINS);
  const power = workspace.power.subarray(0, frames * BINS);
  const re = new Float64Array(FRAME);
  const im = new Float64Array(FRAME);
  for (let frame = 0; frame < frames; frame++) {
    const start = frame * HOP - FRAME;
    for (let index = 0; index < FRAME; index++) {
      const at = start + index;
      re[index] = at >= 0 && at < samples.length ? samples[at]! * window[index]! : 0;
      im[index] = 0;
    }
    fft(re, im);
    for (let bin = 0; bin < BINS; bin++) {
      spectraRe[frame * BINS + bin] = re[bin]!;
      spectraIm[frame * BINS + bin] = im[bin]!;
      power[frame * BINS + bin] = re[bin]! * re[bin]! + im[bin]! * im[bin]!;
    }
  }
  // 50 ms smoothing (±1 frame of 16 ms at 16 kHz), then the running minimum.
  const smooth = Math.max(1, Math.round((0.025 * sampleRate) / HOP));
  const smoothed = workspace.smoothed.subarray(0, power.length);
  for (let frame = 0; frame < frames; frame++) {
    const from = Math.max(0, frame - smooth);
    const to = Math.min(frames - 1, frame + smooth);
    for (let bin = 0; bin < BINS; bin++) {
      let sum = 0;
      for (let at = from; at <= to; at++) sum += power[at * BINS + bin]!;
      smoothed[frame * BINS + bin] = sum / (to - from + 1);
    }
  }
  const background = runningMinimum(smoothed, frames, BINS, Math.max(1, Math.round((options.windowSeconds * sampleRate) / HOP)), workspace.background.subarray(0, power.length), workspace.prefix, workspace.suffix);
  const out = workspace.out.fill(0, 0, samples.length + 2 * FRAME);
  for (let frame = 0; frame < frames; frame++) {
    for (let bin = 0; bin < BINS; bin++) {
      const at = frame * BINS + bin;
      const share = power[at]! > 0 ? 1 - (options.bias * background[at]!) / power[at]! : 0;
      const gain = Math.max(options.floor, Math.sqrt(Math.max(0, share)));
      re[bin] = spectraRe[at]! * gain;
      im[bin] = spectraIm[at]! * gain;
    }
    inverseRealSpectrum(re, im);
    const start = frame * HOP;
    // sqrt-Hann analysis × sqrt-Hann synthesis = Hann, which sums to 1 at a half-frame hop.
    for (let index = 0; index < FRAME; index++) out[start + index] = out[start + index]! + (re[index]! / FRAME) * window[index]!;
  }
  const cleaned = workspace.cleaned.subarray(0, samples.length);
  for (let index = 0; index < samples.length; index++) cleaned[index] = out[index + FRAME]!;
  return cleaned;
}

/**
 * `samples` (a raw mono float file) with its steady background (held notes, hum, noise floor)
 * subtracted, appended to `output`: what pitch is tracked on. Read and written 20 s at a time.
 */
export async function suppressSteadyBackground(samples: FloatFile, sampleRate: number, output: FloatFile, options: SteadyBackgroundOptions = {}): Promise<void> {
  const settings = { windowSeconds: options.windowSeconds ?? 1, bias: options.bias ?? 2.5, floor: options.floor ?? 0.05 };
  const total = samples.length;
  const chunk = Math.round(CHUNK_SECONDS * sampleRate);
  // Each chunk is processed with a margin of the minimum's window (and a frame) on both sides; only its core is kept.
  const margin = Math.ceil((settings.windowSeconds + 0.1) * sampleRate) + FRAME;
  const workspace = cleaningWorkspace(Math.min(total, chunk + 2 * margin));
  const input = new Float32Array(Math.min(total, chunk + 2 * margin));
  for (let from = 0; from < total; from += chunk) {
    options.signal?.throwIfAborted();
    const to = Math.min(total, from + chunk);
    const start = Math.max(0, from - margin);
    const end = Math.min(total, to + margin);
    const part = cleanChunk(await samples.slice(start, end, input), sampleRate, settings, workspace);
    await output.append(part.subarray(from - start, to - start));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  options.signal?.throwIfAborted();
}
