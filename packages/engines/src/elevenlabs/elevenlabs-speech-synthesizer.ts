import { z } from 'zod';
import { clampOption, parseOptions, readProviderOptions } from '../capabilities/call-options.ts';
import type { EngineCallOptions, EngineId, EngineWarning } from '../capabilities/engine-common.ts';
import type { SpeechSynthesizer, SynthesisVoice, SynthesizeOptions, SynthesizeResult } from '../capabilities/speech-synthesizer.ts';
import { throwIfAborted, toEngineError } from '../engine-errors.ts';
import { finishVendorAudio, type AudioFormat, type VendorAudio } from '../remote/remote-audio.ts';
import { parseJsonBody } from '../remote/remote-http.ts';
import { vendorLanguage } from '../remote/remote-language.ts';
import { pitchAppliedAfterwards, remoteSynthesizeOptionsSchema } from '../remote/remote-synthesis-options.ts';
import { ssmlTextContent } from '../text/ssml-text.ts';
import {
  audioWithTimestampsSchema,
  ELEVENLABS_DEFAULT_TTS_MODEL,
  ELEVENLABS_MAX_SPEED,
  ELEVENLABS_MIN_SPEED,
  ELEVENLABS_MP3_FORMAT,
  ELEVENLABS_PCM_FORMAT,
  ELEVENLABS_PCM_SAMPLE_RATE,
  elevenLabsModelLanguages,
  modelTakesLanguageCode,
  voicesPageSchema,
  type ElevenLabsTextToSpeechRequest,
  type ElevenLabsVoice,
  type ElevenLabsVoiceSettings,
} from './elevenlabs-api.ts';
import { ElevenLabsClient, type ElevenLabsSettings } from './elevenlabs-client.ts';
import { wordsFromAlignment } from './elevenlabs-word-timings.ts';

export interface ElevenLabsSpeechSettings extends ElevenLabsSettings {
  /** The `model_id` sent (default `eleven_multilingual_v2`). */
  modelId?: string;
  /** Default `elevenlabs:<model id with - for _>`, e.g. `elevenlabs:eleven-multilingual-v2`. */
  engineId?: EngineId;
  /** How long the voice list is reused before it is read again (default 5 minutes). */
  voiceListTtlMs?: number;
}

/** `providerOptions.elevenlabs` for synthesis and conversion (the vendor's voice settings, by their own names). */
export const elevenLabsVoiceOptionsSchema = z.object({
  stability: z.number().min(0).max(1).optional(),
  similarityBoost: z.number().min(0).max(1).optional(),
  /** Style exaggeration 0–1 (a number, unlike the `style` instruction other engines take). */
  style: z.number().min(0).max(1).optional(),
  useSpeakerBoost: z.boolean().optional(),
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
  applyTextNormalization: z.enum(['auto', 'on', 'off']).optional(),
});
type VoiceOptions = z.infer<typeof elevenLabsVoiceOptionsSchema>;
const voiceOptionsSpec = { vendor: 'elevenlabs', schema: elevenLabsVoiceOptionsSchema, name: 'ElevenLabs' };

/** ElevenLabs takes a voice id with surrounding space trimmed. */
const optionsSchema = remoteSynthesizeOptionsSchema.extend({ voice: z.string().trim().min(1) });

/** `elevenlabs:<model_id>` with `_` as `-` (engine ids hold no `_`): `eleven_multilingual_v2` → `elevenlabs:eleven-multilingual-v2`. */
export function elevenLabsEngineId(modelId: string): EngineId {
  return `elevenlabs:${modelId.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}`;
}

/** Voice settings from `providerOptions.elevenlabs`, with unknown keys warned about. */
export function readVoiceOptions(providerOptions: EngineCallOptions['providerOptions'], engineId: string, warnings: EngineWarning[]): VoiceOptions {
  return readProviderOptions(providerOptions, { engineId, ...voiceOptionsSpec }, warnings);
}

export function voiceSettingsOf(options: VoiceOptions, speed: number | undefined): ElevenLabsVoiceSettings | undefined {
  const settings: ElevenLabsVoiceSettings = {};
  if (options.stability !== undefined) settings.stability = options.stability;
  if (options.similarityBoost !== undefined) settings.similarity_boost = options.similarityBoost;
  if (options.style !== undefined) settings.style = options.style;
  if (options.useSpeakerBoost !== undefined) settings.use_speaker_boost = options.useSpeakerBoost;
  if (speed !== undefined) settings.speed = speed;
  return Object.keys(settings).length ? settings : undefined;
}

/** What to ask for: MP3 passes through; everything else (and anything ffmpeg must process) comes as 24 kHz PCM. */
function vendorFormatFor(format: AudioFormat, processed: boolean): { outputFormat: string; vendor: VendorAudio } {
  if (format === 'mp3' && !processed) return { outputFormat: ELEVENLABS_MP3_FORMAT, vendor: { kind: 'encoded', format: 'mp3' } };
  return { outputFormat: ELEVENLABS_PCM_FORMAT, vendor: { kind: 'pcm', sampleRate: ELEVENLABS_PCM_SAMPLE_RATE, channels: 1 } };
}

const GENDERS: Record<string, SynthesisVoice['gender']> = { female: 'female', male: 'male', neutral: 'neutral', 'non-binary': 'neutral' };

export function toSynthesisVoice(voice: ElevenLabsVoice, engineId: EngineId, modelLanguages: readonly string[]): SynthesisVoice {
  const labels = voice.labels ?? {};
  const own = [...(voice.verified_languages ?? []).map((entry) => entry.language.toLowerCase()), ...(labels.language ? [labels.language.toLowerCase()] : [])];
  const result: SynthesisVoice = {
    id: voice.voice_id,
    name: voice.name || voice.voice_id,
    // The voice's own languages first; the multilingual models speak all of theirs with any voice.
    languages: [...new Set([...own, ...modelLanguages])],
    gender: labels.gender ? GENDERS[labels.gender.toLowerCase()] : undefined,
    variant: undefined,
    engineId,
  };
  if (voice.description) result.description = voice.description;
  if (labels.accent) result.accent = labels.accent;
  if (labels.age) result.age = labels.age;
  if (labels.description) result.style = labels.description;
  if (labels.use_case) result.useCases = labels.use_case.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (voice.preview_url) result.previewUrl = voice.preview_url;
  return result;
}

/** ElevenLabs text to speech with exact word timings from its character alignment. */
export class ElevenLabsSpeechSynthesizer implements SpeechSynthesizer {
  readonly specificationVersion = 'v1';
  readonly engineId: EngineId;
  readonly modelId: string;
  readonly #client: ElevenLabsClient;
  readonly #voiceListTtlMs: number;
  #voices: { at: number; list: Promise<SynthesisVoice[]> } | undefined;

  constructor(settings: ElevenLabsSpeechSettings) {
    this.modelId = settings.modelId ?? ELEVENLABS_DEFAULT_TTS_MODEL;
    this.engineId = settings.engineId ?? elevenLabsEngineId(this.modelId);
    this.#client = new ElevenLabsClient(settings, this.engineId);
    this.#voiceListTtlMs = settings.voiceListTtlMs ?? 5 * 60_000;
  }

  get languages(): string[] {
    return elevenLabsModelLanguages(this.modelId);
  }

  /** Every voice of the account (`GET /v2/voices`, all pages), reused for a few minutes; one caller's signal does not cancel it for others. */
  async listVoices(options: { signal?: AbortSignal } = {}): Promise<SynthesisVoice[]> {
    throwIfAborted(options.signal, this.engineId);
    if (!this.#voices || performance.now() - this.#voices.at > this.#voiceListTtlMs) {
      const list = this.#readVoices();
      this.#voices = { at: performance.now(), list };
      list.catch(() => {
        if (this.#voices?.list === list) this.#voices = undefined;
      });
    }
    const list = await this.#voices.list;
    return list.map((voice) => ({ ...voice, languages: [...voice.languages] }));
  }

  async #readVoices(): Promise<SynthesisVoice[]> {
    const voices: SynthesisVoice[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 50; page++) {
      const request = { engineId: this.engineId, doing: 'listing voices' };
      const response = await this.#client.call({ ...request, method: 'GET', path: '/v2/voices', query: { page_size: '100', next_page_token: pageToken } });
      const body = parseJsonBody(response, request, voicesPageSchema);
      voices.push(...body.voices.map((voice) => toSynthesisVoice(voice, this.engineId, this.languages)));
      if (!body.has_more || !body.next_page_token) break;
      pageToken = body.next_page_token;
    }
    return voices;
  }

  async doSynthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
    const startedAt = performance.now();
    const { warnings, provider: voiceOptions } = parseOptions(options, { engineId: this.engineId, request: optionsSchema, ...voiceOptionsSpec });

    // SSML: the markup's text is sent with tags blanked out, so alignment offsets stay offsets into the markup.
    const ssml = options.textFormat === 'ssml';
    const text = ssml ? ssmlTextContent(options.text) : options.text;
    if (ssml) warnings.push({ type: 'unsupported-option', option: 'textFormat', details: 'SSML markup was removed; its breaks and prosody were not applied' });

    const body: ElevenLabsTextToSpeechRequest = { text, model_id: this.modelId };
    if (options.language) {
      const language = vendorLanguage(options.language);
      if (!this.languages.includes(language)) {
        warnings.push({ type: 'unsupported-option', option: 'language', details: `${this.modelId} speaks ${this.languages.join(', ')}` });
      } else if (modelTakesLanguageCode(this.modelId)) {
        body.language_code = language;
      }
      // Other models read the language from the text; nothing to send.
    }
    if (options.style) warnings.push({ type: 'unsupported-option', option: 'style', details: 'ElevenLabs takes no style instructions; providerOptions.elevenlabs.style is its 0–1 style exaggeration' });
    let speed: number | undefined;
    if (options.speed !== undefined && options.speed !== 1) {
      speed = clampOption(warnings, 'speed', options.speed, [ELEVENLABS_MIN_SPEED, ELEVENLABS_MAX_SPEED], (used) => `ElevenLabs speaks at ${ELEVENLABS_MIN_SPEED}–${ELEVENLABS_MAX_SPEED}×; used ${used}`);
    }
    const voiceSettings = voiceSettingsOf(voiceOptions, speed);
    if (voiceSettings) body.voice_settings = voiceSettings;
    if (voiceOptions.seed !== undefined) body.seed = voiceOptions.seed;
    if (voiceOptions.applyTextNormalization) body.apply_text_normalization = voiceOptions.applyTextNormalization;

    const pitchSemitones = pitchAppliedAfterwards(options.pitchSemitones, 'ElevenLabs', warnings);
    const volume = options.volume ?? 1;
    const format = options.outputFormat ?? 'wav';
    const { outputFormat, vendor } = vendorFormatFor(format, pitchSemitones !== 0 || volume !== 1);

    const request = { engineId: this.engineId, doing: 'synthesizing speech' };
    const requestStarted = performance.now();
    const response = await this.#client.call({
      ...request,
      method: 'POST',
      path: `/v1/text-to-speech/${encodeURIComponent(options.voice.trim())}/with-timestamps`,
      query: { output_format: outputFormat },
      json: body,
      signal: options.signal,
    });
    const answer = parseJsonBody(response, request, audioWithTimestampsSchema);
    const requestMs = performance.now() - requestStarted;

    const finishStarted = performance.now();
    let finished;
    try {
      finished = await finishVendorAudio({ bytes: Buffer.from(answer.audio_base64, 'base64'), vendor, outputFile: options.outputFile, format, transform: { pitchSemitones, volume }, signal: options.signal });
    } catch (error) {
      throw toEngineError(error, this.engineId, 'writing the audio ElevenLabs returned');
    }
    const wantTimings = options.wordTimings ?? true;
    const words = wantTimings && answer.alignment ? wordsFromAlignment(text, answer.alignment, finished.audio.durationSeconds) : [];
    if (wantTimings && !answer.alignment) warnings.push({ type: 'other', message: 'ElevenLabs returned no alignment: no word timings' });
    return {
      audio: finished.audio,
      words,
      wordTimingsApproximate: false,
      warnings,
      timings: { totalMs: performance.now() - startedAt, stepsMs: { requestMs, audioMs: performance.now() - finishStarted } },
      response: { engineId: this.engineId, voice: options.voice.trim() },
    };
  }
}

export function createElevenLabsSpeech(settings: ElevenLabsSpeechSettings): ElevenLabsSpeechSynthesizer {
  return new ElevenLabsSpeechSynthesizer(settings);
}
