/**
 * The measurable features of a voice, from its speech only: what `dsp:voice-profile` stores and
 * what `dsp:voice-match` and profile-driven synthesis compare against.
 */
import { parseIntegratedLoudness, loudnessArgs, runFfmpeg } from '@voxwork/media';
import { z } from 'zod';
import type { SpeechSegment, VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { decodeToPcm, type PcmAudio } from '../audio/pcm-audio.ts';
import { pitchStatistics, trackPitchAsync } from '../audio/pitch-tracker.ts';
import { activeSpeechSeconds, estimateFormants, estimateSpeakingRate, longTermSpectrum, SPECTRUM_BAND_CENTRES_HZ } from '../audio/voice-analysis.ts';

export const ANALYSIS_SAMPLE_RATE = 16_000;
export { DSP_CONVERTER_ENGINE_ID, DSP_PROFILER_ENGINE_ID } from './dsp-engine-ids.ts';

export interface VoiceFeatures {
  medianPitchHz: number | undefined;
  p10PitchHz: number | undefined;
  p90PitchHz: number | undefined;
  pitchRangeSemitones: number | undefined;
  speakingRateSyllablesPerSecond: number | undefined;
  /** Median F1, F2, F3 (Hz) of voiced frames; undefined entries where too few frames agreed. */
  formantsHz: Array<number | undefined>;
  /** Long-term average spectrum of voiced speech, third-octave bands, dB relative to their mean. */
  spectrum: { bandCentresHz: number[]; bandLevelsDb: number[]; centroidHz: number };
  speechSeconds: number;
  voicedSeconds: number;
}

/** What `dsp:voice-profile` keeps in `VoiceProfile.data` (version 1). */
export interface DspVoiceProfileData {
  kind: 'dsp-voice-profile';
  version: 1;
  p10PitchHz: number | undefined;
  p90PitchHz: number | undefined;
  formantsHz: Array<number | undefined>;
  spectrum: { bandCentresHz: number[]; bandLevelsDb: number[]; centroidHz: number };
  /** Integrated loudness of the references (EBU R128), LUFS. */
  loudnessLufs: number | undefined;
  speechSeconds: number;
  voicedSeconds: number;
  references: number;
  /** Which kind of local synthesizer voice to start from when speaking with this profile. */
  baseVoice: BaseVoiceSuggestion;
}

export interface BaseVoiceSuggestion {
  /** Female base voices for medians above 165 Hz, male ones below (the usual split of adult voices). */
  gender: 'female' | 'male';
  pitchClass: 'low' | 'mid' | 'high';
  /**
   * Local voices that start closest to the profile, per synthesizer (the voice ids those programs
   * use; the engines wrapping festival and flite take them as voice ids too).
   */
  voices: { festival: string; flite: string; espeak: string };
}

const optionalNumber = z.number().finite().optional();
export const dspVoiceProfileDataSchema = z.object({
  kind: z.literal('dsp-voice-profile'),
  version: z.literal(1),
  p10PitchHz: optionalNumber,
  p90PitchHz: optionalNumber,
  formantsHz: z.array(z.number().positive().optional().nullable().transform((value) => value ?? undefined)),
  spectrum: z.object({ bandCentresHz: z.array(z.number()), bandLevelsDb: z.array(z.number()), centroidHz: z.number() }),
  loudnessLufs: optionalNumber,
  speechSeconds: z.number().min(0),
  voicedSeconds: z.number().min(0),
  references: z.number().int().min(0),
  baseVoice: z.object({
    gender: z.enum(['female', 'male']),
    pitchClass: z.enum(['low', 'mid', 'high']),
    voices: z.object({ festival: z.string(), flite: z.string(), espeak: z.string() }),
  }),
});

/** The profile's DSP data when it has some (profiles from other engines carry only the pitch figures). */
export function readDspProfileData(profile: VoiceProfile): DspVoiceProfileData | undefined {
  const parsed = dspVoiceProfileDataSchema.safeParse(profile.data);
  return parsed.success ? (parsed.data as DspVoiceProfileData) : undefined;
}

/**
 * Voices of the local synthesizers, by the pitch they start from (measured with our tracker on a
 * read paragraph): festival slt 169 Hz, espeak en-us+f2 198 Hz, en-us+f3 211 Hz; festival kal 101 Hz, flite awb 126 Hz, espeak en-us 102 Hz.
 */
export function suggestBaseVoice(medianPitchHz: number | undefined): BaseVoiceSuggestion {
  const hz = medianPitchHz ?? 120;
  const gender = hz >= 165 ? 'female' : 'male';
  const pitchClass = gender === 'female' ? (hz < 190 ? 'low' : hz < 240 ? 'mid' : 'high') : hz < 100 ? 'low' : hz < 135 ? 'mid' : 'high';
  const voices =
    gender === 'female'
      ? { festival: 'cmu_us_slt_arctic_hts', flite: 'slt', espeak: hz >= 205 ? 'en-us+f3' : 'en-us+f2' }
      : { festival: 'kal_diphone', flite: hz >= 115 ? 'awb' : 'kal', espeak: 'en-us' };
  return { gender, pitchClass, voices };
}

/**
 * An espeak-ng voice for any language (`cmn-latn-pinyin`, `es`, `fr-fr`, …) with the variant that
 * starts closest to a profile: espeak's variants apply to every language (measured on Mandarin:
 * plain 91 Hz, `+f2` 173 Hz, `+f3` 183 Hz; on en-us 102 / 198 / 211 Hz).
 */
export function espeakBaseVoiceFor(espeakVoice: string, medianPitchHz: number | undefined): string {
  const base = espeakVoice.split('+')[0]!;
  const { gender } = suggestBaseVoice(medianPitchHz);
  if (gender === 'male') return base;
  return `${base}+${(medianPitchHz ?? 0) >= 205 ? 'f3' : 'f2'}`;
}

/** Speech spans of `pcm` joined into one signal, 30 ms of silence between spans (so syllables stay apart). */
export function joinSpeech(pcm: PcmAudio, segments: readonly SpeechSegment[]): PcmAudio {
  const gap = Math.round(0.03 * pcm.sampleRate);
  const parts = segments.map((segment) => pcm.samples.subarray(Math.floor(segment.startSeconds * pcm.sampleRate), Math.ceil(segment.endSeconds * pcm.sampleRate)));
  const total = parts.reduce((sum, part) => sum + part.length + gap, 0);
  const samples = new Float32Array(total);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length + gap;
  }
  return { samples, sampleRate: pcm.sampleRate };
}

/** Features of speech PCM; speech time is `speechSeconds` when given (VAD), else the sounding time of the signal. */
export async function measureVoiceFeatures(pcm: PcmAudio, options: { speechSeconds?: number; signal?: AbortSignal | undefined } = {}): Promise<VoiceFeatures> {
  const track = await trackPitchAsync(pcm, { signal: options.signal });
  const pitch = pitchStatistics(track);
  const speechSeconds = options.speechSeconds ?? activeSpeechSeconds(track);
  const spectrum = longTermSpectrum(pcm, track);
  const round = (value: number | undefined, digits = 1) => (value === undefined ? undefined : Math.round(value * 10 ** digits) / 10 ** digits);
  return {
    medianPitchHz: round(pitch.medianHz, 2),
    p10PitchHz: round(pitch.p10Hz),
    p90PitchHz: round(pitch.p90Hz),
    pitchRangeSemitones: round(pitch.rangeSemitones, 2),
    speakingRateSyllablesPerSecond: round(estimateSpeakingRate(pcm, track, speechSeconds).syllablesPerSecond, 2),
    formantsHz: estimateFormants(pcm, track).formantsHz,
    spectrum: { bandCentresHz: spectrum.bandCentresHz, bandLevelsDb: spectrum.bandLevelsDb, centroidHz: spectrum.centroidHz },
    speechSeconds: round(speechSeconds, 3)!,
    voicedSeconds: round(pitch.voicedSeconds, 2)!,
  };
}

/**
 * Features of the speech in audio files: each is decoded to 16 kHz mono; with a VAD only its
 * speech segments are measured (pauses count neither as speech time nor in the spectrum).
 */
export async function measureVoiceInFiles(
  files: readonly string[],
  options: { vad?: VoiceActivityDetector | undefined; signal?: AbortSignal | undefined } = {},
): Promise<VoiceFeatures & { durationSeconds: number }> {
  const parts: PcmAudio[] = [];
  let speechSeconds = 0;
  let durationSeconds = 0;
  for (const file of files) {
    const pcm = await decodeToPcm(file, ANALYSIS_SAMPLE_RATE, { signal: options.signal, timeoutMs: 10 * 60_000 });
    const seconds = pcm.samples.length / pcm.sampleRate;
    durationSeconds += seconds;
    if (options.vad) {
      const detected = await options.vad.doDetect({ audioFile: file, signal: options.signal });
      speechSeconds += detected.segments.reduce((sum, segment) => sum + segment.endSeconds - segment.startSeconds, 0);
      parts.push(joinSpeech(pcm, detected.segments));
    } else parts.push(pcm);
  }
  const samples = new Float32Array(parts.reduce((sum, part) => sum + part.samples.length, 0));
  let offset = 0;
  for (const part of parts) {
    samples.set(part.samples, offset);
    offset += part.samples.length;
  }
  const features = await measureVoiceFeatures({ samples, sampleRate: ANALYSIS_SAMPLE_RATE }, { speechSeconds: options.vad ? speechSeconds : undefined, signal: options.signal });
  return { ...features, durationSeconds };
}

/** Integrated loudness (EBU R128 `ebur128`) of a file, LUFS; undefined for silence. */
export async function integratedLoudness(file: string, signal?: AbortSignal): Promise<number | undefined> {
  const { stderr } = await runFfmpeg(loudnessArgs(file), { signal, timeoutMs: 10 * 60_000 });
  const value = parseIntegratedLoudness(stderr);
  return value !== undefined && value > -70 ? value : undefined;
}

/** Third-octave EQ gains (dB) that move `from`'s long-term spectrum toward `to`'s, smoothed and bounded. */
export function equalizerToward(
  from: { bandLevelsDb: readonly number[] },
  to: { bandLevelsDb: readonly number[] },
  options: { strength?: number; maxGainDb?: number } = {},
): Array<{ hz: number; gainDb: number }> {
  const strength = options.strength ?? 0.8;
  const maxGainDb = options.maxGainDb ?? 9;
  const raw = SPECTRUM_BAND_CENTRES_HZ.map((_, index) => (to.bandLevelsDb[index] ?? 0) - (from.bandLevelsDb[index] ?? 0));
  const mean = raw.reduce((sum, value) => sum + value, 0) / raw.length;
  return SPECTRUM_BAND_CENTRES_HZ.map((hz, index) => {
    // 3-band smoothing: a third-octave estimate from a few seconds of speech is noisy.
    const neighbours = raw.slice(Math.max(0, index - 1), index + 2);
    const smoothed = neighbours.reduce((sum, value) => sum + value, 0) / neighbours.length - mean;
    const gainDb = Math.max(-maxGainDb, Math.min(maxGainDb, smoothed * strength));
    return { hz, gainDb: Math.round(gainDb * 10) / 10 };
  });
}
