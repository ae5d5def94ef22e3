/**
 * Speech in a cloned (profiled) voice from a local synthesizer: the text is spoken by a base voice,
 * its median pitch is measured and moved to the profile's, its formants and long-term spectrum
 * toward the profile's, its tempo toward the profile's speaking rate (bounded). Word timings
 * follow the tempo change. Signal processing on a stock voice, not neural cloning.
 */
import { probeMedia, withWorkDir } from '@voxwork/media';
import type { AudioFileOutput, EngineWarning } from '../capabilities/engine-common.ts';
import type { SpeechSynthesizer, SynthesizeOptions, SynthesizeResult } from '../capabilities/speech-synthesizer.ts';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { decodeToPcm } from '../audio/pcm-audio.ts';
import { semitonesBetween } from '../audio/pitch-tracker.ts';
import { EngineError, EngineInputError, throwIfAborted } from '../engine-errors.ts';
import { planVoiceMatch, type DspVoiceMatchOptions } from './dsp-voice-converter.ts';
import { asEngineError } from './dsp-voice-profiler.ts';
import { ANALYSIS_SAMPLE_RATE, DSP_CONVERTER_ENGINE_ID, measureVoiceFeatures } from './voice-features.ts';
import { transformVoice } from './voice-transform.ts';

export interface SynthesizeWithProfileOptions extends Omit<SynthesizeOptions, 'voice'> {
  /** Any local (or remote) synthesizer; its output is reshaped. */
  synthesizer: SpeechSynthesizer;
  /** A voice of `synthesizer` to start from; `profile.data.baseVoice` suggests one per synthesizer. */
  baseVoice: string;
  /** A profile with a median pitch (from `dsp:voice-profile`, or any profiler: then pitch only). */
  profile: VoiceProfile;
  /**
   * Move the tempo toward the profile's speaking rate, within `tempoBounds` (default true; ignored,
   * with no warning, when `speed` is given or either rate is unknown).
   */
  matchSpeakingRate?: boolean;
  /** Tempo factors allowed when matching the rate (default [0.8, 1.25]). */
  tempoBounds?: readonly [number, number];
  /** Formant, EQ and loudness choices, as for `dsp:voice-match` (`providerOptions.dsp`). */
  match?: DspVoiceMatchOptions;
}

export interface ProfileSynthesisResult extends SynthesizeResult {
  /** What was measured and done, for logs and tests. */
  profileMatch: {
    targetPitchHz: number;
    basePitchHz: number;
    /** Median pitch of the output, measured again. */
    outputPitchHz: number | undefined;
    pitchSemitones: number;
    formantRatio: number;
    /** > 1 = faster than the base voice. */
    tempo: number;
    passes: number;
  };
}

/** Output pitch further than this from the target gets a second, corrected pass. */
const CORRECTION_THRESHOLD = 0.02;

const formatOf = (format: AudioFileOutput['format'] | undefined): 'wav' | 'mp3' | 'ogg' | 'flac' => (format === 'mp3' || format === 'ogg' || format === 'flac' ? format : 'wav');

export async function synthesizeWithProfile(options: SynthesizeWithProfileOptions): Promise<ProfileSynthesisResult> {
  const startedAt = performance.now();
  const { synthesizer, baseVoice, profile, matchSpeakingRate, tempoBounds, match, outputFile, outputFormat, ...synthesis } = options;
  const engineId = synthesizer.engineId;
  const targetPitchHz = profile?.medianPitchHz;
  if (typeof targetPitchHz !== 'number' || !(targetPitchHz > 0)) throw new EngineInputError('the voice profile has no median pitch', { engineId: DSP_CONVERTER_ENGINE_ID });
  throwIfAborted(options.signal, engineId);
  const warnings: EngineWarning[] = [];
  if (outputFormat === 'pcm') warnings.push({ type: 'unsupported-option', option: 'outputFormat', details: 'profile synthesis writes wav, mp3, ogg or flac; wrote wav' });
  const format = formatOf(outputFormat);

  return withWorkDir('profile-synthesis', async (_dir, file) => {
    const baseFile = file('base.wav');
    // The base voice speaks at its own pitch and level; pitchSemitones and volume are applied below.
    const base = await synthesizer.doSynthesize({ ...synthesis, pitchSemitones: undefined, volume: undefined, voice: baseVoice, outputFile: baseFile, outputFormat: 'wav' });
    warnings.push(...base.warnings);
    try {
      const analysisStarted = performance.now();
      const baseFeatures = await measureVoiceFeatures(await decodeToPcm(baseFile, ANALYSIS_SAMPLE_RATE, { signal: options.signal }), { signal: options.signal });
      if (baseFeatures.medianPitchHz === undefined) throw new EngineInputError(`the base voice ${baseVoice} produced no voiced speech to measure`, { engineId });

      let tempo = 1;
      const [minTempo, maxTempo] = tempoBounds ?? [0.8, 1.25];
      if ((matchSpeakingRate ?? true) && synthesis.speed === undefined && profile.speakingRateSyllablesPerSecond && baseFeatures.speakingRateSyllablesPerSecond) {
        const wanted = profile.speakingRateSyllablesPerSecond / baseFeatures.speakingRateSyllablesPerSecond;
        tempo = Math.min(maxTempo, Math.max(minTempo, wanted));
        if (tempo !== wanted) warnings.push({ type: 'approximated-option', option: 'matchSpeakingRate', details: `the profile speaks ${wanted.toFixed(2)}× the base voice's rate; tempo bounded to ${tempo.toFixed(2)}×` });
      }
      const { plan, warnings: planWarnings } = planVoiceMatch({ source: baseFeatures, target: profile, options: match ?? {}, timeRatio: 1 / tempo });
      warnings.push(...planWarnings);
      plan.pitchSemitones += synthesis.pitchSemitones ?? 0;
      // The output is normalised, so `volume` moves the loudness target (×2 = +6 dB) instead of the base voice's level.
      if (synthesis.volume !== undefined && synthesis.volume !== 1 && plan.loudnessLufs !== undefined) {
        plan.loudnessLufs += 20 * Math.log10(Math.max(0.05, synthesis.volume));
        if (synthesis.volume > 1) warnings.push({ type: 'approximated-option', option: 'volume', details: 'louder than the −16 LUFS target only as far as a limiter taking at most 6 dB off the peaks allows' });
      }

      const analysisMs = performance.now() - analysisStarted;
      const transformStarted = performance.now();
      let passes = 1;
      let result = await transformVoice(baseFile, outputFile, plan, { signal: options.signal, format });
      const measure = async () => (await measureVoiceFeatures(await decodeToPcm(outputFile, ANALYSIS_SAMPLE_RATE, { signal: options.signal }), { signal: options.signal })).medianPitchHz;
      let transformMs = performance.now() - transformStarted;
      let verifyStarted = performance.now();
      let outputPitchHz = await measure();
      let verifyMs = performance.now() - verifyStarted;
      const wantedHz = targetPitchHz * 2 ** ((synthesis.pitchSemitones ?? 0) / 12);
      if (outputPitchHz !== undefined && Math.abs(outputPitchHz / wantedHz - 1) > CORRECTION_THRESHOLD) {
        // The shift is exact, but the median of the shifted speech can land elsewhere (voicing decisions change): correct once.
        plan.pitchSemitones += semitonesBetween(outputPitchHz, wantedHz);
        const again = performance.now();
        result = await transformVoice(baseFile, outputFile, plan, { signal: options.signal, format });
        transformMs += performance.now() - again;
        verifyStarted = performance.now();
        outputPitchHz = await measure();
        verifyMs += performance.now() - verifyStarted;
        passes = 2;
      }
      warnings.push({
        type: 'approximate-output',
        output: 'audio',
        details: `voice matched by signal processing: ${baseVoice} shifted ${plan.pitchSemitones.toFixed(2)} semitones to the profile's median pitch, formants ×${plan.formantRatio.toFixed(3)}, tempo ×${tempo.toFixed(2)}; not neural cloning`,
      });
      const timeRatio = 1 / tempo;
      const durationSeconds = result.durationSeconds;
      const words = base.words.map((word) => ({
        ...word,
        startSeconds: Math.min(durationSeconds, word.startSeconds * timeRatio),
        endSeconds: Math.min(durationSeconds, word.endSeconds * timeRatio),
      }));
      const info = await probeMedia(outputFile, { signal: options.signal });
      return {
        audio: { file: outputFile, format, sampleRate: info.audio?.sampleRate ?? result.sampleRate, channels: 1, durationSeconds },
        words,
        wordTimingsApproximate: base.wordTimingsApproximate,
        warnings,
        timings: { totalMs: performance.now() - startedAt, stepsMs: { synthesisMs: base.timings?.totalMs ?? 0, analysisMs, transformMs, verifyMs } },
        response: { engineId, voice: baseVoice },
        profileMatch: {
          targetPitchHz,
          basePitchHz: baseFeatures.medianPitchHz,
          outputPitchHz,
          pitchSemitones: Math.round(plan.pitchSemitones * 1000) / 1000,
          formantRatio: Math.round(plan.formantRatio * 1000) / 1000,
          tempo: Math.round(tempo * 1000) / 1000,
          passes,
        },
      };
    } catch (error) {
      if (error instanceof EngineError) throw error;
      throw asEngineError(error, DSP_CONVERTER_ENGINE_ID, 'matching the synthesis to the profile', options.signal);
    }
  });
}
