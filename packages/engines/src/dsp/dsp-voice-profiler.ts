import { MediaProcessError } from '@voxwork/media';
import { z } from 'zod';
import { parseOptions } from '../capabilities/call-options.ts';
import type { VoiceActivityDetector } from '../capabilities/voice-activity-detector.ts';
import type { ProfileVoiceOptions, ProfileVoiceResult, VoiceProfile, VoiceProfiler } from '../capabilities/voice-profiler.ts';
import { EngineAbortedError, EngineError, EngineInputError, toEngineError } from '../engine-errors.ts';
import type { SileroSettings } from '../silero/silero-voice-activity-detector.ts';
import { DSP_PROFILER_ENGINE_ID, integratedLoudness, measureVoiceInFiles, suggestBaseVoice, type DspVoiceProfileData } from './voice-features.ts';

export interface DspVoiceProfilerSettings {
  /** The VAD that finds the speech to measure; default: silero VAD v4 (loaded on first use). */
  vad?: VoiceActivityDetector;
  /** Settings for the default silero VAD. */
  silero?: SileroSettings;
}

const optionsSchema = z.object({
  audioFiles: z.array(z.string().min(1)).min(1, 'at least one reference recording is needed'),
  name: z.string().optional(),
});

/** Less voiced speech than this gives a median pitch nobody should trust. */
const MIN_VOICED_SECONDS = 1;

/** Wraps aborts that surface as plain errors (our async pitch tracker rethrows the signal's reason). */
export function asEngineError(error: unknown, engineId: string, doing: string, signal: AbortSignal | undefined): EngineError {
  if (error instanceof EngineError) return error;
  if (signal?.aborted) return new EngineAbortedError(engineId, error);
  return toEngineError(error, engineId, doing);
}

/**
 * Reference recordings → a profile of measured figures: median pitch and its p10–p90 range,
 * speaking rate, formants, long-term spectrum, loudness, measured on the speech the VAD finds.
 * Signal processing, not a speaker embedding: it describes how a voice sounds so that
 * `dsp:voice-match` and profile-driven synthesis can move other speech toward it.
 */
export class DspVoiceProfiler implements VoiceProfiler {
  readonly specificationVersion = 'v1';
  readonly engineId = DSP_PROFILER_ENGINE_ID;
  readonly #settings: DspVoiceProfilerSettings;
  #vad: Promise<VoiceActivityDetector> | undefined;

  constructor(settings: DspVoiceProfilerSettings = {}) {
    this.#settings = settings;
  }

  /** The VAD, created on first use through the silero module (onnxruntime loads on its first detection). */
  vad(): Promise<VoiceActivityDetector> {
    if (!this.#vad) {
      this.#vad = this.#settings.vad ? Promise.resolve(this.#settings.vad) : import('../silero/silero-voice-activity-detector.ts').then(({ createSilero }) => createSilero(this.#settings.silero));
      this.#vad.catch(() => (this.#vad = undefined));
    }
    return this.#vad;
  }

  async doProfile(options: ProfileVoiceOptions): Promise<ProfileVoiceResult> {
    const startedAt = performance.now();
    const { warnings } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, vendor: 'dsp', name: 'dsp:voice-profile' });

    const vad = await this.vad();
    let features;
    const loudness: number[] = [];
    try {
      features = await measureVoiceInFiles(options.audioFiles, { vad, signal: options.signal });
      for (const file of options.audioFiles) {
        const lufs = await integratedLoudness(file, options.signal);
        if (lufs !== undefined) loudness.push(lufs);
      }
    } catch (error) {
      if (error instanceof MediaProcessError && error.exitCode !== null) {
        throw new EngineInputError(`a reference is not decodable audio: ${error.message}`, { engineId: this.engineId, cause: error, reason: 'not-readable' });
      }
      if (error instanceof EngineError && error.code === 'invalid-input') throw new EngineInputError(error.message, { engineId: this.engineId, cause: error });
      throw asEngineError(error, this.engineId, 'measuring the references', options.signal);
    }
    if (features.voicedSeconds < MIN_VOICED_SECONDS || features.medianPitchHz === undefined) {
      throw new EngineInputError(
        `the references hold ${features.voicedSeconds.toFixed(1)} s of voiced speech (${features.speechSeconds.toFixed(1)} s found by the VAD); at least ${MIN_VOICED_SECONDS} s is needed`,
        { engineId: this.engineId },
      );
    }
    if (features.speechSeconds < 10) warnings.push({ type: 'other', message: `only ${features.speechSeconds.toFixed(1)} s of speech: figures from less than 10 s are rough` });
    if (features.speakingRateSyllablesPerSecond === undefined) warnings.push({ type: 'other', message: 'no speaking rate could be measured' });

    // Mean of the references' loudness in the power domain.
    const loudnessLufs = loudness.length ? Math.round(10 * Math.log10(loudness.reduce((sum, lufs) => sum + 10 ** (lufs / 10), 0) / loudness.length) * 10) / 10 : undefined;
    const data: DspVoiceProfileData = {
      kind: 'dsp-voice-profile',
      version: 1,
      p10PitchHz: features.p10PitchHz,
      p90PitchHz: features.p90PitchHz,
      formantsHz: features.formantsHz,
      spectrum: features.spectrum,
      loudnessLufs,
      speechSeconds: features.speechSeconds,
      voicedSeconds: features.voicedSeconds,
      references: options.audioFiles.length,
      baseVoice: suggestBaseVoice(features.medianPitchHz),
    };
    const profile: VoiceProfile = {
      engineId: this.engineId,
      medianPitchHz: features.medianPitchHz,
      pitchRangeSemitones: features.pitchRangeSemitones,
      speakingRateSyllablesPerSecond: features.speakingRateSyllablesPerSecond,
      data: data as unknown as Record<string, unknown>,
      remoteVoiceId: undefined,
    };
    return {
      profile,
      speechSeconds: features.speechSeconds,
      warnings,
      timings: { totalMs: performance.now() - startedAt },
      response: { engineId: this.engineId },
    };
  }
}

export function createDspVoiceProfiler(settings: DspVoiceProfilerSettings = {}): DspVoiceProfiler {
  return new DspVoiceProfiler(settings);
}
