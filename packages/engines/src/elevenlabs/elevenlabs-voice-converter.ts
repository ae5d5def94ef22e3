import type { EngineId, EngineWarning } from '../capabilities/engine-common.ts';
import type { ConvertVoiceOptions, ConvertVoiceResult, VoiceConverter } from '../capabilities/voice-converter.ts';
import type { VoiceProfile } from '../capabilities/voice-profiler.ts';
import { EngineInputError, throwIfAborted, toEngineError } from '../engine-errors.ts';
import { audioFilePart, finishVendorAudio, formatFromFileName, probeAudioInput } from '../remote/remote-audio.ts';
import { ELEVENLABS_MP3_FORMAT, ELEVENLABS_PCM_FORMAT, ELEVENLABS_PCM_SAMPLE_RATE, ELEVENLABS_STS_MODEL } from './elevenlabs-api.ts';
import { ElevenLabsClient, type ElevenLabsSettings } from './elevenlabs-client.ts';
import { elevenLabsEngineId, readVoiceOptions, voiceSettingsOf } from './elevenlabs-speech-synthesizer.ts';

export interface ElevenLabsVoiceConverterSettings extends ElevenLabsSettings {
  /** The `model_id` sent (default `eleven_multilingual_sts_v2`). */
  modelId?: string;
  engineId?: EngineId;
  /** Ask ElevenLabs to remove background noise from the input (default false; `providerOptions.elevenlabs.removeBackgroundNoise` per call). */
  removeBackgroundNoise?: boolean;
}

/** The ElevenLabs voice id a target names, or an input error saying why there is none. */
export function remoteVoiceOf(target: { profile: VoiceProfile } | { voice: string }, engineId: string): string {
  if ('voice' in target) {
    if (!target.voice.trim()) throw new EngineInputError('target voice is empty', { engineId });
    return target.voice.trim();
  }
  const { profile } = target;
  if (!profile.engineId.startsWith('elevenlabs:') || !profile.remoteVoiceId) {
    throw new EngineInputError(`a profile made by ${profile.engineId} holds no ElevenLabs voice: make one with elevenlabs:ivc (instant voice cloning)`, { engineId });
  }
  return profile.remoteVoiceId;
}

/**
 * ElevenLabs speech to speech ("voice changer"): the same words, timing and delivery in another
 * voice — one of the account's voices, or a clone made by `elevenlabs:ivc`.
 */
export class ElevenLabsVoiceConverter implements VoiceConverter {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly modelId: string;
  readonly #client: ElevenLabsClient;
  readonly #removeBackgroundNoise: boolean;

  constructor(settings: ElevenLabsVoiceConverterSettings) {
    this.modelId = settings.modelId ?? ELEVENLABS_STS_MODEL;
    this.engineId = settings.engineId ?? elevenLabsEngineId(this.modelId);
    this.#client = new ElevenLabsClient(settings, this.engineId);
    this.#removeBackgroundNoise = settings.removeBackgroundNoise ?? false;
  }

  async doConvert(options: ConvertVoiceOptions): Promise<ConvertVoiceResult> {
    const startedAt = performance.now();
    throwIfAborted(options.signal, this.engineId);
    if (!options.outputFile) throw new EngineInputError('outputFile is empty', { engineId: this.engineId });
    const warnings: EngineWarning[] = [];
    const { removeBackgroundNoise, ...voiceProviderOptions } = options.providerOptions?.elevenlabs ?? {};
    if (removeBackgroundNoise !== undefined && typeof removeBackgroundNoise !== 'boolean') {
      throw new EngineInputError('providerOptions.elevenlabs.removeBackgroundNoise must be a boolean', { engineId: this.engineId });
    }
    const voiceOptions = readVoiceOptions({ elevenlabs: voiceProviderOptions }, this.engineId, warnings);
    if (voiceOptions.applyTextNormalization) warnings.push({ type: 'unsupported-option', option: 'providerOptions.elevenlabs.applyTextNormalization', details: 'speech to speech has no text' });
    const voiceId = remoteVoiceOf(options.target, this.engineId);
    const inputSeconds = await probeAudioInput(options.audioFile, this.engineId, options.signal);
    // preserveTiming: speech to speech keeps the source's timing by design; nothing to ask for.

    const format = formatFromFileName(options.outputFile) ?? 'wav';
    const mp3 = format === 'mp3';
    const form = new FormData();
    const part = await audioFilePart(options.audioFile);
    form.append('audio', part.blob, part.name);
    form.append('model_id', this.modelId);
    const voiceSettings = voiceSettingsOf(voiceOptions, undefined);
    if (voiceSettings) form.append('voice_settings', JSON.stringify(voiceSettings));
    if (voiceOptions.seed !== undefined) form.append('seed', String(voiceOptions.seed));
    form.append('remove_background_noise', String(removeBackgroundNoise ?? this.#removeBackgroundNoise));

    const requestStarted = performance.now();
    const response = await this.#client.call({
      engineId: this.engineId,
      doing: 'converting a voice',
      method: 'POST',
      path: `/v1/speech-to-speech/${encodeURIComponent(voiceId)}`,
      query: { output_format: mp3 ? ELEVENLABS_MP3_FORMAT : ELEVENLABS_PCM_FORMAT },
      form,
      signal: options.signal,
    });
    const requestMs = performance.now() - requestStarted;
    let finished;
    try {
      finished = await finishVendorAudio({
        bytes: response.body,
        vendor: mp3 ? { kind: 'encoded', format: 'mp3' } : { kind: 'pcm', sampleRate: ELEVENLABS_PCM_SAMPLE_RATE, channels: 1 },
        outputFile: options.outputFile,
        format,
        signal: options.signal,
      });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'writing the converted audio');
    }
    if (inputSeconds > 0 && Math.abs(finished.audio.durationSeconds - inputSeconds) > Math.max(0.5, inputSeconds * 0.05)) {
      warnings.push({ type: 'approximate-output', output: 'audio', details: `the converted audio lasts ${finished.audio.durationSeconds.toFixed(2)} s, the source ${inputSeconds.toFixed(2)} s` });
    }
    return {
      audio: finished.audio,
      warnings,
      timings: { totalMs: performance.now() - startedAt, stepsMs: { requestMs } },
      response: { engineId: this.engineId },
    };
  }
}

export function createElevenLabsVoiceConverter(settings: ElevenLabsVoiceConverterSettings): ElevenLabsVoiceConverter {
  return new ElevenLabsVoiceConverter(settings);
}
