import { MediaProcessError, SPEECH_LOUDNESS } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { EngineWarning } from '../capabilities/engine-common.ts';
import type { ConvertVoiceOptions, ConvertVoiceResult, VoiceConverter } from '../capabilities/voice-converter.ts';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { EngineInputError } from '../engine-errors.ts';
import { semitonesBetween } from '../audio/pitch-tracker.ts';
import { asEngineError } from './dsp-voice-profiler.ts';
import { DSP_CONVERTER_ENGINE_ID, equalizerToward, measureVoiceInFiles, readDspProfileData, type VoiceFeatures } from './voice-features.ts';
import { transformVoice, type VoiceTransformPlan } from './voice-transform.ts';

const optionsSchema = z.object({
  audioFile: z.string().min(1),
  outputFile: z.string().min(1),
  preserveTiming: z.boolean().optional(),
});

/** `providerOptions.dsp`. */
const dspOptionsSchema = z.object({
  /** `profile` (default): move the envelope toward the profile's formants; `keep`: the source's formants stay; `follow`: they move with the pitch. */
  formants: z.enum(['profile', 'keep', 'follow']).optional(),
  /** Match the profile's long-term spectrum with a third-octave EQ (default true). */
  equalize: z.boolean().optional(),
  /** Integrated loudness of the output, LUFS (default −16); `null` keeps the source's level. */
  loudnessLufs: z.number().min(-40).max(-5).nullable().optional(),
  /** Largest pitch shift applied, semitones (default 14); larger differences are clamped with a warning. */
  maxShiftSemitones: z.number().min(0).max(24).optional(),
});
export type DspVoiceMatchOptions = z.infer<typeof dspOptionsSchema>;

/** Formant moves are kept within this ratio: beyond it, LPC estimates from different texts are not to be trusted. */
const MAX_FORMANT_RATIO = 1.2;

export interface VoiceMatchPlanInput {
  source: Pick<VoiceFeatures, 'medianPitchHz' | 'formantsHz' | 'spectrum'>;
  target: VoiceProfile;
  options: DspVoiceMatchOptions;
  /** Output duration ÷ source duration. */
  timeRatio: number;
}

/**
 * From measured source features and a target profile to a transform plan: pitch by the semitone
 * difference of the medians, formants by the geometric mean ratio of F1–F3 (bounded), an EQ from
 * the difference of long-term spectra, loudness to the target. Pure; returns warnings too.
 */
export function planVoiceMatch(input: VoiceMatchPlanInput): { plan: VoiceTransformPlan; warnings: EngineWarning[]; formantRatioMeasured: number | undefined } {
  const { source, target, options } = input;
  const warnings: EngineWarning[] = [];
  const maxShift = options.maxShiftSemitones ?? 14;
  let pitchSemitones = semitonesBetween(source.medianPitchHz!, target.medianPitchHz!);
  if (Math.abs(pitchSemitones) > maxShift) {
    warnings.push({ type: 'approximated-option', option: 'target', details: `the voices are ${pitchSemitones.toFixed(1)} semitones apart; shifted by ${maxShift} (providerOptions.dsp.maxShiftSemitones)` });
    pitchSemitones = Math.sign(pitchSemitones) * maxShift;
  }
  const data = readDspProfileData(target);
  const formantMode = options.formants ?? 'profile';
  let formantRatioMeasured: number | undefined;
  let formantRatio = 1;
  if (formantMode === 'follow') formantRatio = 2 ** (pitchSemitones / 12);
  else if (formantMode === 'profile') {
    const pairs = (data?.formantsHz ?? []).flatMap((hz, index) => {
      const from = source.formantsHz[index];
      return hz && from ? [Math.log(hz / from)] : [];
    });
    if (pairs.length >= 2) {
      formantRatioMeasured = Math.exp(pairs.reduce((sum, value) => sum + value, 0) / pairs.length);
      formantRatio = Math.min(MAX_FORMANT_RATIO, Math.max(1 / MAX_FORMANT_RATIO, formantRatioMeasured));
      if (formantRatio !== formantRatioMeasured) {
        warnings.push({ type: 'approximate-output', output: 'formants', details: `formant ratio ${formantRatioMeasured.toFixed(3)} bounded to ${formantRatio.toFixed(3)}` });
      }
    } else {
      warnings.push({ type: 'approximate-output', output: 'formants', details: data ? 'too few formants measured: the source formants are kept' : `profile from ${target.engineId} has no formant data: the source formants are kept` });
    }
  }
  const equalize = options.equalize ?? true;
  const equalizer = equalize && data ? equalizerToward(source.spectrum, data.spectrum) : undefined;
  if (equalize && !data) warnings.push({ type: 'unsupported-option', option: 'providerOptions.dsp.equalize', details: `profile from ${target.engineId} has no spectrum: no EQ` });
  const loudnessLufs = options.loudnessLufs === null ? undefined : (options.loudnessLufs ?? SPEECH_LOUDNESS.integratedLufs);
  return { plan: { pitchSemitones, formantRatio, timeRatio: input.timeRatio, equalizer, loudnessLufs }, warnings, formantRatioMeasured };
}

/**
 * Speech → the same speech moved toward a target voice profile: signal processing (rubberband R3
 * pitch shift, formant move, EQ toward the profile's long-term spectrum, loudness), not neural
 * voice conversion: the words, timing and articulation stay the source speaker's.
 */
export class DspVoiceConverter implements VoiceConverter {
  readonly specificationVersion = 'v1';
  readonly engineId = DSP_CONVERTER_ENGINE_ID;

  async doConvert(options: ConvertVoiceOptions): Promise<ConvertVoiceResult> {
    const startedAt = performance.now();
    const { warnings, provider: dsp } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'dsp', schema: dspOptionsSchema });
    if (!('profile' in options.target)) {
      throw new EngineInputError('dsp:voice-match converts toward a voice profile ({ profile }); it has no voices of its own', { engineId: this.engineId });
    }
    const target = options.target.profile;
    if (!target || typeof target.medianPitchHz !== 'number' || !(target.medianPitchHz > 0)) {
      throw new EngineInputError('the target profile has no median pitch', { engineId: this.engineId });
    }
    if (options.preserveTiming === false) {
      warnings.push({ type: 'unsupported-option', option: 'preserveTiming', details: 'dsp:voice-match always keeps the source timing' });
    }

    try {
      const analysisStarted = performance.now();
      // The source is decoded here first: a tool that ends in error at this step read a file that is not audio.
      const source = await measureVoiceInFiles([options.audioFile], { signal: options.signal }).catch((error: unknown) => {
        if (error instanceof MediaProcessError && error.failure === 'exited') {
          throw new EngineInputError(`no decodable audio in the input: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
        }
        throw error;
      });
      if (source.medianPitchHz === undefined) throw new EngineInputError('no voiced speech found in the source', { engineId: this.engineId });
      const analysisMs = performance.now() - analysisStarted;
      const { plan, warnings: planWarnings } = planVoiceMatch({ source, target, options: dsp, timeRatio: 1 });
      warnings.push(...planWarnings);
      const transformStarted = performance.now();
      const format = /\.mp3$/i.test(options.outputFile) ? 'mp3' : /\.(ogg|opus)$/i.test(options.outputFile) ? 'ogg' : /\.flac$/i.test(options.outputFile) ? 'flac' : 'wav';
      const result = await transformVoice(options.audioFile, options.outputFile, plan, { signal: options.signal, format });
      if (result.inputChannels > 1) warnings.push({ type: 'approximate-output', output: 'audio', details: `the ${result.inputChannels}-channel input was converted to mono` });
      return {
        audio: { file: result.file, format: result.format, sampleRate: result.format === 'ogg' ? 48_000 : result.sampleRate, channels: 1, durationSeconds: result.durationSeconds },
        warnings,
        timings: { totalMs: performance.now() - startedAt, stepsMs: { analysisMs, transformMs: performance.now() - transformStarted, ...result.stepsMs } },
        response: { engineId: this.engineId },
      };
    } catch (error) {
      throw asEngineError(error, this.engineId, 'converting the voice', options.signal);
    }
  }
}

export function createDspVoiceConverter(): DspVoiceConverter {
  return new DspVoiceConverter();
}
