/**
 * A voice taken out of music by a time-frequency mask built from cues this machine can compute
 * (decision 049), on top of RNNoise's denoised speech (which keeps much of the music under the
 * speech, and some where nobody speaks: it hears music as speech):
 * - speech activity: RNNoise's per-frame speech probability, widened by a hangover, and a voiced
 *   frame (the denoised speech's F0 track, YIN) within that hangover; elsewhere the voice is silent;
 * - a background spectrum per cell: what RNNoise removed, the music heard where nobody speaks (a
 *   running average of those frames), and for a stereo input whose voice is centred, ten times the
 *   side channel (L − R)/2, which a centred voice never reaches; the voice is masked from the mid;
 * - the mask is Wiener-style: RNNoise's voice power over voice + background power, per cell.
 * A harmonic comb at F0 multiples was tried and left out: it cost 5 dB on speech in white noise
 * and gained nothing on the music mixes (decision 049).
 * The background is each input channel minus the voice, so voice + background = input. Frame by
 * frame (one short-time spectrum of each signal at a time); pure TypeScript on PCM.
 */
import { decimate, trackPitch } from './pitch-tracker.ts';
import { fft, inverseRealSpectrum } from './voice-analysis.ts';

export interface VoiceMaskInput {
  /** The input's channels (1 or 2), same rate as `denoised`. */
  channels: readonly Float32Array[];
  sampleRate: number;
  /** RNNoise's denoised speech of the channels' mono fold, aligned to it. */
  denoised: Float32Array;
  /** RNNoise's speech probability per frame of `probabilityFrame` samples. */
  speechProbabilities: Float32Array;
  probabilityFrame: number;
  /** Write the background over `channels` instead of new arrays (long inputs: 48 kHz float is 192 kB a second per channel). */
  overwriteInput?: boolean;
  signal?: AbortSignal | undefined;
}

export interface VoiceMaskOutput {
  /** The voice, mono (a centred voice is the same in both channels). */
  voice: Float32Array;
  /** Each input channel minus the voice. */
  background: Float32Array[];
}

export interface VoiceMaskTuning {
  /** RNNoise speech probability above which a frame may be speech. */
  speechThreshold: number;
  /** Hangover around speech frames, and how near a voiced frame must be, seconds. */
  hangoverSeconds: number;
  /** Weight of each new frame in the running average of the background heard where nobody speaks. */
  backgroundRate: number;
  /** Side-channel power times this is a floor of the mid's background power (a centred voice only). */
  sideWeight: number;
  /** The Wiener gain raised to this (below 1 keeps more of the voice, and of the music with it). */
  gainExponent: number;
}

/** Chosen on the three mixes of `bench:separation` (decision 049). */
export const DEFAULT_VOICE_MASK_TUNING: VoiceMaskTuning = {
  speechThreshold: 0.5,
  hangoverSeconds: 0.2,
  backgroundRate: 0.05,
  sideWeight: 10,
  gainExponent: 1,
};

/**
 * Whether the voice sits in the centre of a stereo input: the least-squares gains of the denoised
 * speech in the left and right channels within 20 % of each other. A voice panned to one side
 * (or two speakers on two channels) reaches the side channel, which then says nothing about music.
 */
export function voiceIsCentred(channels: readonly Float32Array[], denoised: Float32Array): boolean {
  if (channels.length < 2) return false;
  let norm = 0;
  let leftDot = 0;
  let rightDot = 0;
  for (let index = 0; index < denoised.length; index++) {
    const value = denoised[index]!;
    norm += value * value;
    leftDot += channels[0]![index]! * value;
    rightDot += channels[1]![index]! * value;
  }
  if (norm === 0) return false;
  const [left, right] = [leftDot / norm, rightDot / norm];
  return left > 0 && right > 0 && Math.abs(left - right) <= 0.2 * Math.max(left, right);
}

export async function separateVoiceByMask(input: VoiceMaskInput, overrides: Partial<VoiceMaskTuning> = {}): Promise<VoiceMaskOutput> {
  const tuning = { ...DEFAULT_VOICE_MASK_TUNING, ...overrides };
  const { channels, sampleRate, denoised } = input;
  const length = channels[0]?.length ?? 0;
  const stereo = channels.length >= 2;
  const sideWeight = voiceIsCentred(channels, denoised) ? tuning.sideWeight : 0;
  const size = 2 ** Math.round(Math.log2(0.043 * sampleRate));
  const hop = size / 4;
  const bins = size / 2 + 1;
  const window = Float64Array.from({ length: size }, (_, index) => Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * index) / size)));
  // sqrt-Hann analysis × synthesis = Hann, which sums to 2 at a quarter-frame hop.
  const overlapGain = 2;
  const frames = Math.ceil((length + size) / hop);

  // Speech activity per probability frame, widened by the hangover on both sides.
  const probabilities = input.speechProbabilities;
  const widen = Math.max(0, Math.round((tuning.hangoverSeconds * sampleRate) / input.probabilityFrame));
  const speech = new Uint8Array(probabilities.length);
  for (let index = 0; index < probabilities.length; index++) {
    if (probabilities[index]! < tuning.speechThreshold) continue;
    for (let at = Math.max(0, index - widen); at <= Math.min(probabilities.length - 1, index + widen); at++) speech[at] = 1;
  }

  // F0 of the denoised speech, 10 ms hops at 16 kHz (or the input's rate when it is not a multiple).
  const factor = Math.max(1, Math.floor(sampleRate / 16_000));
  const pitchRate = sampleRate / factor;
  const pitch = trackPitch({ samples: factor > 1 ? decimate(denoised, factor) : denoised, sampleRate: pitchRate }, { minHz: 70, maxHz: 400 });
  input.signal?.throwIfAborted();
  const voicedReach = Math.round(tuning.hangoverSeconds / pitch.hopSeconds);
  const voicedNear = (index: number) => {
    for (let at = Math.max(0, index - voicedReach); at <= Math.min(pitch.frequencies.length - 1, index + voicedReach); at++) if (pitch.frequencies[at]! > 0) return true;
    return false;
  };

  const mixRe = new Float64Array(size);
  const mixIm = new Float64Array(size);
  const workRe = new Float64Array(size);
  const workIm = new Float64Array(size);
  const denoisedPower = new Float64Array(bins);
  const removedPower = new Float64Array(bins);
  const sidePower = new Float64Array(bins);
  const quiet = new Float64Array(bins);
  let quietFrames = 0;
  const gains = new Float64Array(bins);
  // Overlap-added voice; sample `index` of the input is at `index + size`.
  const voice = new Float32Array(length + 2 * size);

  const mid = (index: number) => (stereo ? (channels[0]![index]! + channels[1]![index]!) / 2 : channels[0]![index]!);
  const load = (re: Float64Array, im: Float64Array, start: number, sample: (index: number) => number) => {
    for (let index = 0; index < size; index++) {
      const at = start + index;
      re[index] = at >= 0 && at < length ? sample(at) * window[index]! : 0;
      im[index] = 0;
    }
    fft(re, im);
  };

  for (let frame = 0; frame < frames; frame++) {
    if (frame % 256 === 0) {
      input.signal?.throwIfAborted();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const start = frame * hop - size;
    const centre = start + size / 2;
    const probabilityIndex = Math.min(probabilities.length - 1, Math.max(0, Math.floor(centre / input.probabilityFrame)));
    const pitchIndex = Math.round(centre / sampleRate / pitch.hopSeconds);
    // RNNoise also hears music as speech: a speech frame must have voicing (the speech's F0) near it.
    const isSpeech = probabilities.length > 0 && speech[probabilityIndex] === 1 && voicedNear(pitchIndex);

    load(mixRe, mixIm, start, mid);
    load(workRe, workIm, start, (index) => denoised[index]!);
    for (let bin = 0; bin < bins; bin++) {
      denoisedPower[bin] = workRe[bin]! ** 2 + workIm[bin]! ** 2;
      removedPower[bin] = (mixRe[bin]! - workRe[bin]!) ** 2 + (mixIm[bin]! - workIm[bin]!) ** 2;
    }
    if (sideWeight > 0) {
      load(workRe, workIm, start, (index) => (channels[0]![index]! - channels[1]![index]!) / 2);
      for (let bin = 0; bin < bins; bin++) sidePower[bin] = workRe[bin]! ** 2 + workIm[bin]! ** 2;
    }

    if (!isSpeech) {
      // Nobody speaks: the frame is background; it updates the running background spectrum.
      const rate = quietFrames === 0 ? 1 : tuning.backgroundRate;
      for (let bin = 0; bin < bins; bin++) quiet[bin] = (1 - rate) * quiet[bin]! + rate * (mixRe[bin]! ** 2 + mixIm[bin]! ** 2);
      quietFrames++;
      continue;
    }

    for (let bin = 0; bin < bins; bin++) {
      // Voice: what RNNoise kept. Background: what it removed, and at least the side channel's
      // power and the music heard last where nobody spoke.
      const voicePower = denoisedPower[bin]!;
      const backgroundPower = Math.max(removedPower[bin]!, sideWeight * sidePower[bin]!, quietFrames ? quiet[bin]! : 0);
      gains[bin] = voicePower + backgroundPower > 0 ? (voicePower / (voicePower + backgroundPower)) ** tuning.gainExponent : 0;
    }
    for (let bin = 0; bin < bins; bin++) {
      workRe[bin] = mixRe[bin]! * gains[bin]!;
      workIm[bin] = mixIm[bin]! * gains[bin]!;
    }
    inverseRealSpectrum(workRe, workIm);
    const outStart = frame * hop;
    for (let index = 0; index < size; index++) voice[outStart + index] = voice[outStart + index]! + (workRe[index]! / size / overlapGain) * window[index]!;
  }

  const voiceOut = voice.subarray(size, size + length);
  const background = channels.map((channel) => {
    const out = input.overwriteInput ? (channel as Float32Array) : new Float32Array(length);
    for (let index = 0; index < length; index++) out[index] = channel[index]! - voiceOut[index]!;
    return out;
  });
  return { voice: voiceOut, background };
}
