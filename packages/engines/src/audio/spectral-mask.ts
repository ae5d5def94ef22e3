/**
 * The background of a soundtrack once a separator has isolated its voice. Two ways, chosen by
 * measuring the voice against the original (`subtractionResidual`):
 * - the isolated voice is the original's own waveform (a separator that masks the mixture keeps
 *   its phase): a phase-inverted subtraction removes it almost entirely and leaves the music whole;
 * - it is re-synthesised (another phase, level or filtering: a generative model, a codec): a
 *   subtraction would add a second voice instead of removing one, so the original is short-time
 *   Fourier transformed and each time-frequency cell scaled by a Wiener-style mask (the share of
 *   its power that is not the voice), then overlap-added back: cells without voice pass untouched,
 *   cells that are mostly voice are removed, whatever the phase.
 * Pure TypeScript on PCM.
 */
import { fft, inverseRealSpectrum } from './voice-analysis.ts';

/**
 * The lag (in samples, positive = `candidate` late) that best lines `candidate` up with
 * `reference`, searched within ±`maxLag` by normalised cross-correlation on at most `window` samples
 * from the loudest stretch of the candidate.
 */
export function estimateLag(reference: Float32Array, candidate: Float32Array, maxLag: number, window = 16_000 * 8): number {
  // The loudest stretch: most speech, so the correlation has something to lock on to.
  const block = Math.min(window, candidate.length);
  let bestStart = 0;
  let bestEnergy = -1;
  for (let start = 0; start + block <= candidate.length; start += Math.max(1, Math.floor(block / 2))) {
    let energy = 0;
    for (let index = start; index < start + block; index += 4) energy += candidate[index]! * candidate[index]!;
    if (energy > bestEnergy) {
      bestEnergy = energy;
      bestStart = start;
    }
  }
  let best = { lag: 0, score: -Infinity };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let dot = 0;
    let norm = 0;
    for (let index = bestStart; index < bestStart + block; index++) {
      const at = index - lag;
      if (at < 0 || at >= reference.length) continue;
      dot += candidate[index]! * reference[at]!;
      norm += reference[at]! * reference[at]!;
    }
    const score = norm > 0 ? dot / Math.sqrt(norm) : -Infinity;
    if (score > best.score) best = { lag, score };
  }
  return best.lag;
}

/** `samples` moved earlier by `lag` samples (later when negative), cut or padded with silence to `length`. */
export function shiftSamples(samples: Float32Array, lag: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const at = index + lag;
    if (at >= 0 && at < samples.length) out[index] = samples[at]!;
  }
  return out;
}

/**
 * How much of the original's energy is left, where the voice speaks, after subtracting the voice
 * at its least-squares gain: ~the music's share under speech (0.1–0.4) when the voice is the
 * original's waveform, ≥ 1 when it is not (a subtraction would add energy). Also returns the gain.
 */
export function subtractionResidual(original: Float32Array, voice: Float32Array): { residualShare: number; gain: number } {
  const length = Math.min(original.length, voice.length);
  const frame = 512;
  let loudest = 0;
  const levels: number[] = [];
  for (let start = 0; start + frame <= length; start += frame) {
    let sum = 0;
    for (let index = start; index < start + frame; index++) sum += voice[index]! * voice[index]!;
    levels.push(sum);
    loudest = Math.max(loudest, sum);
  }
  let dot = 0;
  let norm = 0;
  let total = 0;
  const active = (block: number) => levels[block]! > loudest * 0.01;
  for (let block = 0; block < levels.length; block++) {
    if (!active(block)) continue;
    for (let index = block * frame; index < (block + 1) * frame; index++) {
      dot += original[index]! * voice[index]!;
      norm += voice[index]! * voice[index]!;
      total += original[index]! * original[index]!;
    }
  }
  if (norm === 0 || total === 0) return { residualShare: 1, gain: 0 };
  const gain = dot / norm;
  // Σ(x − g·v)² = Σx² − 2gΣxv + g²Σv² = Σx² − (Σxv)²/Σv² at the least-squares gain.
  return { residualShare: Math.max(0, total - (dot * dot) / norm) / total, gain };
}

/** Each channel minus the voice at that channel's least-squares gain (the voice aligned to the sample). */
export function subtractVoice(mix: readonly Float32Array[], voice: Float32Array): Float32Array[] {
  return mix.map((channel) => {
    const { gain } = subtractionResidual(channel, voice);
    return Float32Array.from(channel, (sample, index) => sample - gain * (voice[index] ?? 0));
  });
}

export interface MaskOptions {
  sampleRate: number;
  /** How strongly voice power is removed (1 = as measured; default 1.5, a little over-subtraction against the isolator's misses). */
  overSubtraction?: number;
  signal?: AbortSignal | undefined;
}

/**
 * Each channel of `mix` with `voice` (mono, aligned, same rate) masked out. The voice's level in
 * each channel is estimated first (the median ratio of the channel's magnitude to the voice's over
 * the cells where the voice is strongest), so an isolator that normalises its output does not
 * over- or under-remove.
 */
export async function maskOutVoice(mix: readonly Float32Array[], voice: Float32Array, options: MaskOptions): Promise<Float32Array[]> {
  const size = 2 ** Math.round(Math.log2(0.043 * options.sampleRate));
  const hop = size / 4;
  const bins = size / 2 + 1;
  const window = Float64Array.from({ length: size }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / size)));
  const length = mix[0]?.length ?? 0;
  const frames = Math.ceil((length + size) / hop);
  const alpha = options.overSubtraction ?? 1.5;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const spectrum = (samples: Float32Array, frame: number) => {
    const start = frame * hop - size;
    for (let index = 0; index < size; index++) {
      const at = start + index;
      re[index] = at >= 0 && at < samples.length ? samples[at]! * window[index]! : 0;
      im[index] = 0;
    }
    fft(re, im);
  };
  // The voice's power per frame and bin, once.
  const voicePower = new Float32Array(frames * bins);
  for (let frame = 0; frame < frames; frame++) {
    spectrum(voice, frame);
    for (let bin = 0; bin < bins; bin++) voicePower[frame * bins + bin] = re[bin]! * re[bin]! + im[bin]! * im[bin]!;
  }
  // The strongest voice cells (top 5 %, from an even sample of them) are where its gain in each channel is read.
  const sampleSize = Math.min(20_000, voicePower.length);
  const sample = Array.from({ length: sampleSize }, (_, index) => voicePower[Math.floor((index * voicePower.length) / sampleSize)]!).sort((a, b) => a - b);
  const strong = sample[Math.floor(sample.length * 0.95)] ?? 0;
  const outputs: Float32Array[] = [];
  for (const channel of mix) {
    // The voice's gain in this channel: median magnitude ratio over the strongest voice cells.
    const ratios: number[] = [];
    for (let frame = 0; frame < frames; frame += 2) {
      spectrum(channel, frame);
      for (let bin = 0; bin < bins; bin++) {
        const power = voicePower[frame * bins + bin]!;
        if (power > strong && power > 0) ratios.push(Math.sqrt((re[bin]! * re[bin]! + im[bin]! * im[bin]!) / power));
      }
    }
    ratios.sort((a, b) => a - b);
    const gain = ratios.length ? Math.min(4, ratios[Math.floor(ratios.length / 2)]!) : 1;
    const out = new Float64Array(length + 2 * size);
    const norm = new Float64Array(length + 2 * size);
    for (let frame = 0; frame < frames; frame++) {
      if (frame % 256 === 0) {
        options.signal?.throwIfAborted();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      spectrum(channel, frame);
      for (let bin = 0; bin < bins; bin++) {
        const total = re[bin]! * re[bin]! + im[bin]! * im[bin]!;
        const speech = alpha * gain * gain * voicePower[frame * bins + bin]!;
        const rest = Math.max(0, total - speech);
        const mask = total > 0 ? rest / (rest + speech) : 1;
        re[bin] = re[bin]! * mask;
        im[bin] = im[bin]! * mask;
      }
      inverseRealSpectrum(re, im);
      const start = frame * hop;
      for (let index = 0; index < size; index++) {
        out[start + index] = out[start + index]! + (re[index]! / size) * window[index]!;
        norm[start + index] = norm[start + index]! + window[index]! * window[index]!;
      }
    }
    const result = new Float32Array(length);
    for (let index = 0; index < length; index++) {
      const at = index + size;
      result[index] = norm[at]! > 1e-6 ? out[at]! / norm[at]! : 0;
    }
    outputs.push(result);
  }
  return outputs;
}
