/**
 * What a voice sounds like beyond its pitch, measured on PCM: speaking rate (syllable nuclei in
 * the intensity contour, after de Jong & Wempe 2009), the long-term average spectrum of voiced
 * speech in third-octave bands, and the first formants (LPC envelope peaks of voiced frames).
 */
import type { PcmAudio } from './pcm-audio.ts';
import { quantile, type PitchTrack } from './pitch-tracker.ts';

/** In-place iterative radix-2 FFT of (re, im); length must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wRe = Math.cos(angle);
    const wIm = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let curRe = 1;
      let curIm = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = re[b]! * curRe - im[b]! * curIm;
        const tIm = re[b]! * curIm + im[b]! * curRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        const nextRe = curRe * wRe - curIm * wIm;
        curIm = curRe * wIm + curIm * wRe;
        curRe = nextRe;
      }
    }
  }
}

/**
 * In place: the spectrum of a real signal given by its bins 0…N/2 (the rest made its mirror image),
 * transformed back through the forward FFT (ifft(X) = conj(FFT(conj(X))) / N). `re` then holds the
 * signal times N: divide by N when overlap-adding.
 */
export function inverseRealSpectrum(re: Float64Array, im: Float64Array): void {
  const size = re.length;
  for (let bin = 1; bin < size / 2; bin++) {
    re[size - bin] = re[bin]!;
    im[size - bin] = -im[bin]!;
  }
  for (let index = 0; index < size; index++) im[index] = -im[index]!;
  fft(re, im);
}

/** Centre frequencies of the third-octave bands used for spectral envelopes (100 Hz – 6.3 kHz). */
export const SPECTRUM_BAND_CENTRES_HZ: readonly number[] = Array.from({ length: 19 }, (_, index) => Math.round(100 * 2 ** (index / 3)));

export interface LongTermSpectrum {
  /** Band centres, Hz (`SPECTRUM_BAND_CENTRES_HZ`). */
  bandCentresHz: number[];
  /** Mean power per band in dB, relative to the mean over all bands (shape only, not level). */
  bandLevelsDb: number[];
  /** Power-weighted mean frequency of 100 Hz – 7 kHz, Hz. */
  centroidHz: number;
  framesUsed: number;
}

const voicedFrameIndices = (track: PitchTrack, every = 1) => {
  const indices: number[] = [];
  for (let index = 0; index < track.frequencies.length; index += every) if (track.frequencies[index]! > 0) indices.push(index);
  return indices;
};

/** Long-term average spectrum of the voiced frames (Hann window, 1,024-point FFT at 16 kHz). */
export function longTermSpectrum(pcm: PcmAudio, track: PitchTrack): LongTermSpectrum {
  const size = pcm.sampleRate > 24_000 ? 2048 : 1024;
  const hann = Float64Array.from({ length: size }, (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / (size - 1)));
  const power = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let framesUsed = 0;
  // Every other voiced frame: 20 ms apart is plenty for a long-term average.
  for (const frame of voicedFrameIndices(track, 2)) {
    const start = Math.round(frame * track.hopSeconds * pcm.sampleRate) - size / 2;
    if (start < 0 || start + size > pcm.samples.length) continue;
    for (let index = 0; index < size; index++) {
      re[index] = pcm.samples[start + index]! * hann[index]!;
      im[index] = 0;
    }
    fft(re, im);
    for (let bin = 0; bin < size / 2; bin++) power[bin] = power[bin]! + re[bin]! * re[bin]! + im[bin]! * im[bin]!;
    framesUsed++;
  }
  const binHz = pcm.sampleRate / size;
  const edge = 2 ** (1 / 6);
  const bandLevels = SPECTRUM_BAND_CENTRES_HZ.map((centre) => {
    const low = Math.max(1, Math.floor(centre / edge / binHz));
    const high = Math.min(size / 2 - 1, Math.ceil((centre * edge) / binHz));
    let sum = 0;
    for (let bin = low; bin <= high; bin++) sum += power[bin]!;
    return 10 * Math.log10(sum / Math.max(1, high - low + 1) + 1e-20);
  });
  const mean = bandLevels.reduce((sum, level) => sum + level, 0) / bandLevels.length;
  let weighted = 0;
  let total = 0;
  for (let bin = Math.ceil(100 / binHz); bin <= Math.min(size / 2 - 1, Math.floor(7000 / binHz)); bin++) {
    weighted += bin * binHz * power[bin]!;
    total += power[bin]!;
  }
  return {
    bandCentresHz: [...SPECTRUM_BAND_CENTRES_HZ],
    bandLevelsDb: bandLevels.map((level) => (framesUsed ? Math.round((level - mean) * 10) / 10 : 0)),
    centroidHz: total > 0 ? Math.round(weighted / total) : 0,
    framesUsed,
  };
}

/**
 * LPC coefficients a[1..order] (a[0] = 1) by Levinson–Durbin on the autocorrelation; undefined for
 * a frame whose energy is at most `silence`. `lift` multiplies the zero-lag term (a touch of white
 * noise, so a near-singular frame still solves).
 */
export function lpcCoefficients(frame: Float64Array, order: number, { silence = 1e-10, lift = 1 + 1e-9 }: { silence?: number; lift?: number } = {}): Float64Array | undefined {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag++) {
    let sum = 0;
    for (let index = lag; index < frame.length; index++) sum += frame[index]! * frame[index - lag]!;
    r[lag] = sum;
  }
  if (r[0]! <= silence) return undefined;
  r[0] = r[0]! * lift;
  const a = new Float64Array(order + 1);
  a[0] = 1;
  let error = r[0]!;
  for (let i = 1; i <= order; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / error;
    const previous = a.slice();
    for (let j = 1; j < i; j++) a[j] = previous[j]! + k * previous[i - j]!;
    a[i] = k;
    error *= 1 - k * k;
    if (error <= 0) return undefined;
  }
  return a;
}

export interface FormantEstimate {
  /** Median F1, F2, F3 over voiced frames, Hz (undefined when too few frames gave a value). */
  formantsHz: Array<number | undefined>;
  framesUsed: number;
}

/**
 * First three formants: for voiced frames (30 ms, every 30 ms), resampled in effect to 11 kHz
 * bandwidth by the LPC order (2 + fs/1 kHz, capped at 18), the peaks of the LPC envelope below
 * 5 kHz. Peak picking is cruder than root solving but never diverges; medians smooth it out.
 */
export function estimateFormants(pcm: PcmAudio, track: PitchTrack): FormantEstimate {
  const size = Math.round(0.03 * pcm.sampleRate);
  const order = Math.min(18, 2 + Math.round(pcm.sampleRate / 1000));
  const hamming = Float64Array.from({ length: size }, (_, index) => 0.54 - 0.46 * Math.cos((2 * Math.PI * index) / (size - 1)));
  const gridHz = Array.from({ length: 250 }, (_, index) => 90 + index * 20);
  const cos = gridHz.map((hz) => Array.from({ length: order + 1 }, (_, k) => Math.cos((2 * Math.PI * hz * k) / pcm.sampleRate)));
  const sin = gridHz.map((hz) => Array.from({ length: order + 1 }, (_, k) => Math.sin((2 * Math.PI * hz * k) / pcm.sampleRate)));
  const found: number[][] = [[], [], []];
  let framesUsed = 0;
  const frame = new Float64Array(size);
  for (const index of voicedFrameIndices(track, 3)) {
    const start = Math.round(index * track.hopSeconds * pcm.sampleRate) - (size >> 1);
    if (start < 1 || start + size > pcm.samples.length) continue;
    // Pre-emphasis (0.97) lifts the upper formants to the level LPC needs.
    for (let k = 0; k < size; k++) frame[k] = (pcm.samples[start + k]! - 0.97 * pcm.samples[start + k - 1]!) * hamming[k]!;
    const a = lpcCoefficients(frame, order);
    if (!a) continue;
    const envelope = gridHz.map((_, g) => {
      let re = 0;
      let im = 0;
      for (let k = 0; k <= order; k++) {
        re += a[k]! * cos[g]![k]!;
        im -= a[k]! * sin[g]![k]!;
      }
      return -10 * Math.log10(re * re + im * im + 1e-20);
    });
    const peaks: number[] = [];
    for (let g = 1; g < envelope.length - 1; g++) {
      if (envelope[g]! > envelope[g - 1]! && envelope[g]! >= envelope[g + 1]! && gridHz[g]! >= 200) peaks.push(gridHz[g]!);
    }
    if (peaks.length < 2) continue;
    framesUsed++;
    peaks.slice(0, 3).forEach((hz, position) => found[position]!.push(hz));
  }
  return {
    formantsHz: found.map((values) => (values.length >= Math.max(3, framesUsed / 3) ? Math.round(quantile(values, 0.5)!) : undefined)),
    framesUsed,
  };
}

export interface SpeakingRateEstimate {
  /** Syllable nuclei found (intensity peaks on voiced frames). */
  syllables: number;
  /** Syllables per second of speech, or undefined when `speechSeconds` is 0. */
  syllablesPerSecond: number | undefined;
}

/**
 * Syllable nuclei after de Jong & Wempe: peaks of the intensity contour (50 ms window, 10 ms hop)
 * that are voiced, above the median level, and separated from the previous nucleus by a dip of
 * at least 2 dB. `speechSeconds` is the time they are divided by (VAD speech, not pauses).
 */
export function estimateSpeakingRate(pcm: PcmAudio, track: PitchTrack, speechSeconds: number): SpeakingRateEstimate {
  const hop = Math.round(track.hopSeconds * pcm.sampleRate);
  const half = Math.round(0.025 * pcm.sampleRate);
  const frames = track.frequencies.length;
  const intensity = new Float64Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    const centre = frame * hop;
    let sum = 0;
    let count = 0;
    for (let index = Math.max(0, centre - half); index < Math.min(pcm.samples.length, centre + half); index++) {
      // A triangular taper makes the contour smooth enough to peak-pick without a second pass.
      const weight = 1 - Math.abs(index - centre) / half;
      sum += weight * pcm.samples[index]! * pcm.samples[index]!;
      count += weight;
    }
    intensity[frame] = 10 * Math.log10(sum / Math.max(1e-9, count) + 1e-12);
  }
  const floor = Math.max(quantile(intensity, 0.5) ?? -120, (quantile(intensity, 0.99) ?? 0) - 25);
  const isVoicedNear = (frame: number) => {
    for (let index = Math.max(0, frame - 2); index <= Math.min(frames - 1, frame + 2); index++) if (track.frequencies[index]! > 0) return true;
    return false;
  };
  let syllables = 0;
  let lastPeak = -1;
  let dipSincePeak = Infinity;
  for (let frame = 1; frame < frames - 1; frame++) {
    const level = intensity[frame]!;
    if (lastPeak >= 0) dipSincePeak = Math.min(dipSincePeak, level);
    if (!(level > intensity[frame - 1]! && level >= intensity[frame + 1]!)) continue;
    if (level < floor || !isVoicedNear(frame)) continue;
    const dip = lastPeak < 0 ? Infinity : Math.min(intensity[lastPeak]!, level) - dipSincePeak;
    if (dip >= 2) {
      syllables++;
      lastPeak = frame;
      dipSincePeak = Infinity;
    } else if (lastPeak >= 0 && level > intensity[lastPeak]!) {
      // The same nucleus rising further: move it, do not count it twice.
      lastPeak = frame;
      dipSincePeak = Infinity;
    }
  }
  return { syllables, syllablesPerSecond: speechSeconds > 0 ? syllables / speechSeconds : undefined };
}

/**
 * Seconds of speech in a track without a VAD: frames within 35 dB of the loud frames, with gaps
 * shorter than `bridgeSeconds` (default 0.1 s, like the VAD's minimum silence) counted as speech.
 */
export function activeSpeechSeconds(track: PitchTrack, bridgeSeconds = 0.1): number {
  const loud = quantile(track.levelsDb, 0.95) ?? -120;
  const floor = Math.max(-75, loud - 35);
  const bridge = Math.round(bridgeSeconds / track.hopSeconds);
  let active = 0;
  let gap = 0;
  let started = false;
  for (const level of track.levelsDb) {
    if (level >= floor) {
      if (started && gap <= bridge) active += gap;
      active++;
      gap = 0;
      started = true;
    } else gap++;
  }
  return active * track.hopSeconds;
}
