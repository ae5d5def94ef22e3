import { z } from 'zod';
import { readProviderOptions } from '../capabilities/call-options.ts';
import type { EngineId, EngineWarning } from '../capabilities/engine-common.ts';
import type { ProfileVoiceOptions, ProfileVoiceResult, VoiceProfiler } from '../capabilities/voice-profiler.ts';
import { EngineInputError, throwIfAborted } from '../engine-errors.ts';
import { parseJsonBody, vendorAnswerOf } from '../remote/remote-http.ts';
import { addVoiceResponseSchema, deleteVoiceResponseSchema } from './elevenlabs-api.ts';
import { ElevenLabsClient, type ElevenLabsSettings } from './elevenlabs-client.ts';
import { audioFilePart, probeAudioInput } from '../remote/remote-audio.ts';

export const ELEVENLABS_IVC_ENGINE_ID = 'elevenlabs:ivc';

export interface ElevenLabsVoiceProfilerSettings extends ElevenLabsSettings {
  engineId?: EngineId;
  /** Ask ElevenLabs to remove background noise from the samples (default false: it can make clean samples worse). */
  removeBackgroundNoise?: boolean;
}

/** `providerOptions.elevenlabs` for cloning. */
const cloneOptionsSchema = z.object({
  description: z.string().max(500).optional(),
  removeBackgroundNoise: z.boolean().optional(),
  /** The vendor's voice labels: `language`, `accent`, `gender`, `age`. */
  labels: z.record(z.string(), z.string()).optional(),
});

/**
 * ElevenLabs instant voice cloning: the references are uploaded (`POST /v1/voices/add`) and become a
 * voice of the account; the profile carries its id as `remoteVoiceId`, which the ElevenLabs
 * synthesizer takes as `voice` and the converter as a target. The clone stays on the account until
 * `deleteRemoteVoice` removes it. ElevenLabs describes no pitch or rate, so those stay undefined.
 */
export class ElevenLabsVoiceProfiler implements VoiceProfiler {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly #client: ElevenLabsClient;
  readonly #removeBackgroundNoise: boolean;

  constructor(settings: ElevenLabsVoiceProfilerSettings) {
    this.engineId = settings.engineId ?? ELEVENLABS_IVC_ENGINE_ID;
    this.#client = new ElevenLabsClient(settings, this.engineId);
    this.#removeBackgroundNoise = settings.removeBackgroundNoise ?? false;
  }

  async doProfile(options: ProfileVoiceOptions): Promise<ProfileVoiceResult> {
    const startedAt = performance.now();
    throwIfAborted(options.signal, this.engineId);
    const warnings: EngineWarning[] = [];
    const cloneOptions = readProviderOptions(options.providerOptions, { engineId: this.engineId, vendor: 'elevenlabs', schema: cloneOptionsSchema, name: 'cloning' }, warnings);
    if (!Array.isArray(options.audioFiles) || options.audioFiles.length === 0) throw new EngineInputError('no reference audio given', { engineId: this.engineId });

    // Every reference must be audio before anything is uploaded.
    let seconds = 0;
    for (const file of options.audioFiles) seconds += await probeAudioInput(file, this.engineId, options.signal);
    if (seconds < 10) warnings.push({ type: 'other', message: `${seconds.toFixed(1)} s of reference audio: ElevenLabs recommends at least a minute of clean speech for a close clone` });

    const name = options.name?.trim() || `Voxwork voice ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    const form = new FormData();
    form.append('name', name);
    for (const file of options.audioFiles) {
      const part = await audioFilePart(file);
      form.append('files', part.blob, part.name);
    }
    form.append('remove_background_noise', String(cloneOptions.removeBackgroundNoise ?? this.#removeBackgroundNoise));
    form.append('description', cloneOptions.description ?? 'Cloned in Voxwork');
    if (cloneOptions.labels) form.append('labels', JSON.stringify(cloneOptions.labels));

    const request = { engineId: this.engineId, doing: 'cloning a voice' };
    const response = await this.#client.call({ ...request, method: 'POST', path: '/v1/voices/add', form, signal: options.signal });
    const answer = parseJsonBody(response, request, addVoiceResponseSchema);
    if (answer.requires_verification) warnings.push({ type: 'other', message: 'ElevenLabs asks for this voice to be verified before it can be used' });
    return {
      profile: {
        engineId: this.engineId,
        medianPitchHz: undefined,
        pitchRangeSemitones: undefined,
        speakingRateSyllablesPerSecond: undefined,
        data: { vendor: 'elevenlabs', name, requiresVerification: answer.requires_verification ?? false },
        remoteVoiceId: answer.voice_id,
      },
      // Seconds of reference audio uploaded (ElevenLabs does not say how much of it was speech).
      speechSeconds: seconds,
      warnings,
      timings: { totalMs: performance.now() - startedAt },
      response: { engineId: this.engineId },
    };
  }

  /** `DELETE /v1/voices/{voice_id}`. A voice that no longer exists (404, or a `voice_not_found`/`voice_does_not_exist` answer) counts as deleted. */
  async deleteRemoteVoice(remoteVoiceId: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    if (!remoteVoiceId.trim()) throw new EngineInputError('remote voice id is empty', { engineId: this.engineId });
    const request = { engineId: this.engineId, doing: 'deleting a cloned voice' };
    try {
      const response = await this.#client.call({ ...request, method: 'DELETE', path: `/v1/voices/${encodeURIComponent(remoteVoiceId.trim())}`, signal: options.signal });
      parseJsonBody(response, request, deleteVoiceResponseSchema);
    } catch (error) {
      const answer = vendorAnswerOf(error);
      if (answer && (answer.status === 404 || (answer.status === 400 && (answer.vendorCode === 'voice_not_found' || answer.vendorCode === 'voice_does_not_exist')))) return;
      throw error;
    }
  }
}

export function createElevenLabsVoiceProfiler(settings: ElevenLabsVoiceProfilerSettings): ElevenLabsVoiceProfiler {
  return new ElevenLabsVoiceProfiler(settings);
}
