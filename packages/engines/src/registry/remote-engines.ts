/**
 * Remote engines, registered only when configured: OpenAI (or an OpenAI-compatible server) for
 * speech, ElevenLabs for speech, voice conversion, instant voice cloning and audio isolation. Being registered does
 * not select them: `ENGINES_SPEECH_SYNTHESIZER=openai:gpt-4o-mini-tts,espeak:espeak-ng` does, and
 * `ENGINES_AUDIO_SEPARATOR=elevenlabs:audio-isolation` for the video tools' background, and a
 * self-hosted lip-sync server (`LIPSYNC_BASE_URL`) for talking photos (see
 * engine-resolver.ts); unconfigured capabilities keep the local engines. Adapters load on first use.
 */
import { z } from 'zod';
import type { EngineId, LanguageTag } from '../capabilities/engine-common.ts';
import { ELEVENLABS_DEFAULT_TTS_MODEL, ELEVENLABS_STS_MODEL, elevenLabsModelLanguages } from '../elevenlabs/elevenlabs-api.ts';
import { OPENAI_DEFAULT_BASE_URL, OPENAI_SPEECH_LANGUAGES } from '../openai/openai-speech-api.ts';
import { createEngineRegistry, type EngineDescriptor, type EngineRegistry } from './engine-registry.ts';
import type { EngineSettingsByVendor } from './local-engine-settings.ts';
import { localEngineDescriptors } from './local-engines.ts';

export interface RemoteEngineSettings {
  openai?: {
    baseUrl?: string;
    apiKey?: string;
    /** One engine per model, e.g. `['gpt-4o-mini-tts', 'tts-1']`. */
    models: string[];
    voices?: Array<{ id: string; languages?: LanguageTag[] }>;
    timeoutMs?: number;
  };
  /** Translation through an OpenAI-compatible chat API. */
  openaiChat?: { baseUrl?: string; apiKey?: string; models: string[]; timeoutMs?: number };
  /** Speech recognition through an OpenAI-compatible transcription API (Whisper). */
  openaiTranscription?: { baseUrl?: string; apiKey?: string; models: string[]; timeoutMs?: number };
  elevenlabs?: {
    apiKey: string;
    baseUrl?: string;
    /** Text-to-speech models, one engine each (default `eleven_multilingual_v2`). */
    ttsModels?: string[];
    timeoutMs?: number;
  };
  /** A self-hosted neural lip-sync server (`lipsync/lipsync-api.ts`): the animator for talking photos. */
  lipsync?: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };
}

const list = (value: string | undefined) => (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
const optional = z.string().trim().optional().transform((value) => (value === '' ? undefined : value));
const timeout = optional.pipe(z.coerce.number<string | undefined>().int().min(1000).max(3_600_000).optional());

/** The variables read here; `apps/server/src/config.ts` validates the same ones at start-up. */
export const remoteEngineEnvSchema = z.object({
  OPENAI_API_KEY: optional,
  OPENAI_SPEECH_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_SPEECH_MODEL: optional,
  OPENAI_SPEECH_VOICES: optional.pipe(z.string().regex(/^[^,:\s]+(:[a-z]{2,3}(-[a-z0-9]+)*(\|[a-z]{2,3}(-[a-z0-9]+)*)*)?(\s*,\s*[^,:\s]+(:[a-z]{2,3}(-[a-z0-9]+)*(\|[a-z]{2,3}(-[a-z0-9]+)*)*)?)*$/i, 'expected voice[:language|language],… e.g. af_bella:en,zf_xiaobei:zh').optional()),
  OPENAI_SPEECH_TIMEOUT_MS: timeout,
  OPENAI_CHAT_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_CHAT_API_KEY: optional,
  OPENAI_CHAT_MODEL: optional.pipe(z.string().regex(/^[^,\s][^,]*(,[^,]+)*$/, 'expected model names separated by commas').optional()),
  OPENAI_CHAT_TIMEOUT_MS: timeout,
  OPENAI_TRANSCRIPTION_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_TRANSCRIPTION_API_KEY: optional,
  OPENAI_TRANSCRIPTION_MODEL: optional.pipe(z.string().regex(/^[^,\s][^,]*(,[^,]+)*$/, 'expected model names separated by commas').optional()),
  OPENAI_TRANSCRIPTION_TIMEOUT_MS: timeout,
  ELEVENLABS_API_KEY: optional,
  ELEVENLABS_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ELEVENLABS_TTS_MODELS: optional.pipe(z.string().regex(/^[a-z0-9_.]+(\s*,\s*[a-z0-9_.]+)*$/, 'expected model ids such as eleven_multilingual_v2,eleven_flash_v2_5').optional()),
  ELEVENLABS_TIMEOUT_MS: timeout,
  LIPSYNC_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LIPSYNC_API_KEY: optional,
  LIPSYNC_MODEL: optional.pipe(z.string().regex(/^[A-Za-z0-9._-]+$/, 'expected a model name such as musetalk').optional()),
  LIPSYNC_TIMEOUT_MS: timeout,
});

/**
 * Reads `OPENAI_*` and `ELEVENLABS_*` variables. OpenAI speech is configured by `OPENAI_API_KEY`
 * (OpenAI itself) or `OPENAI_SPEECH_BASE_URL` (any compatible server; a key only if it wants one);
 * ElevenLabs by `ELEVENLABS_API_KEY`. Throws an error naming the variable when a value is wrong.
 */
export function remoteEngineSettingsFromEnv(env: Record<string, string | undefined>): RemoteEngineSettings {
  const parsed = remoteEngineEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`remote engine configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const value = parsed.data;
  const settings: RemoteEngineSettings = {};
  if (value.OPENAI_SPEECH_BASE_URL || value.OPENAI_API_KEY) {
    const baseUrl = value.OPENAI_SPEECH_BASE_URL;
    if ((!baseUrl || new URL(baseUrl).hostname === 'api.openai.com') && !value.OPENAI_API_KEY) {
      throw new Error('remote engine configuration: OPENAI_SPEECH_BASE_URL is OpenAI\'s own API, which needs OPENAI_API_KEY');
    }
    settings.openai = {
      models: list(value.OPENAI_SPEECH_MODEL).length ? list(value.OPENAI_SPEECH_MODEL) : ['gpt-4o-mini-tts'],
      ...(baseUrl ? { baseUrl } : {}),
      ...(value.OPENAI_API_KEY ? { apiKey: value.OPENAI_API_KEY } : {}),
      ...(value.OPENAI_SPEECH_TIMEOUT_MS ? { timeoutMs: value.OPENAI_SPEECH_TIMEOUT_MS } : {}),
    };
    const voices = list(value.OPENAI_SPEECH_VOICES).map((entry) => {
      const [id, languages] = entry.split(':');
      return languages ? { id: id!, languages: languages.toLowerCase().split('|') } : { id: id! };
    });
    if (voices.length) settings.openai.voices = voices;
  }
  // Chat (translation) and transcription: their own server when a base URL is given (with its own key,
  // or OPENAI_API_KEY), else OpenAI itself when OPENAI_API_KEY is set.
  for (const [kind, defaultModel] of [['CHAT', 'gpt-4o-mini'], ['TRANSCRIPTION', 'whisper-1']] as const) {
    const baseUrl = value[`OPENAI_${kind}_BASE_URL`];
    const apiKey = value[`OPENAI_${kind}_API_KEY`] ?? value.OPENAI_API_KEY;
    if (!baseUrl && !value.OPENAI_API_KEY) continue;
    if ((!baseUrl || new URL(baseUrl).hostname === 'api.openai.com') && !apiKey) {
      throw new Error(`remote engine configuration: OPENAI_${kind}_BASE_URL is OpenAI's own API, which needs OPENAI_API_KEY`);
    }
    const models = list(value[`OPENAI_${kind}_MODEL`]);
    const timeoutMs = value[`OPENAI_${kind}_TIMEOUT_MS`];
    const entry = { models: models.length ? models : [defaultModel], ...(baseUrl ? { baseUrl } : {}), ...(apiKey ? { apiKey } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
    if (kind === 'CHAT') settings.openaiChat = entry;
    else settings.openaiTranscription = entry;
  }
  if (value.ELEVENLABS_API_KEY) {
    settings.elevenlabs = {
      apiKey: value.ELEVENLABS_API_KEY,
      ...(value.ELEVENLABS_BASE_URL ? { baseUrl: value.ELEVENLABS_BASE_URL } : {}),
      ...(value.ELEVENLABS_TTS_MODELS ? { ttsModels: list(value.ELEVENLABS_TTS_MODELS) } : {}),
      ...(value.ELEVENLABS_TIMEOUT_MS ? { timeoutMs: value.ELEVENLABS_TIMEOUT_MS } : {}),
    };
  }
  if (value.LIPSYNC_BASE_URL) {
    settings.lipsync = {
      baseUrl: value.LIPSYNC_BASE_URL,
      model: value.LIPSYNC_MODEL ?? 'neural',
      ...(value.LIPSYNC_API_KEY ? { apiKey: value.LIPSYNC_API_KEY } : {}),
      ...(value.LIPSYNC_TIMEOUT_MS ? { timeoutMs: value.LIPSYNC_TIMEOUT_MS } : {}),
    };
  }
  return settings;
}

/** The self-hosted lip-sync server as the animator it is. */
function lipsyncDescriptors(settings: NonNullable<RemoteEngineSettings['lipsync']>): EngineDescriptor[] {
  const host = new URL(settings.baseUrl).host;
  const id = lipsyncEngineIdOf(settings.model);
  const animator: EngineDescriptor<'animator'> = {
    id,
    capability: 'animator',
    displayName: `${settings.model} lip sync (${host})`,
    languages: ['*'],
    location: 'remote',
    qualityTier: 'premium',
    cost: { unit: 'video-seconds', usdPerThousand: 0 },
    description: `Neural lip sync (${settings.model}) on the self-hosted server at ${host}: a photo or a video and the speech become a talking video, mouth and face moved by a learned model; the picture and the speech are sent to that server`,
    load: async () =>
      (await import('../lipsync/lipsync-http-animator.ts')).createLipsyncAnimator({
        baseUrl: settings.baseUrl,
        engineId: id,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      }),
  };
  return [animator];
}

/** Same rule as `lipsyncEngineId` (lipsync-http-animator.ts): `musetalk` → `lipsync:musetalk`. */
function lipsyncEngineIdOf(model: string): EngineId {
  const slug = model.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '');
  return `lipsync:${slug || 'neural'}`;
}

/** What OpenAI charges per 1,000 characters (gpt-4o-mini-tts is billed by tokens: about $0.015 a minute of speech). */
const OPENAI_USD_PER_THOUSAND: Record<string, number> = { 'tts-1': 0.015, 'tts-1-hd': 0.03 };

function openAIDescriptors(settings: NonNullable<RemoteEngineSettings['openai']>): EngineDescriptor[] {
  const baseUrl = settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const host = new URL(baseUrl).host;
  const openAIItself = new URL(baseUrl).hostname === 'api.openai.com';
  const voiceLanguages = settings.voices?.flatMap((voice) => voice.languages ?? []) ?? [];
  const everyVoiceHasLanguages = settings.voices?.every((voice) => voice.languages?.length) ?? false;
  const languages = everyVoiceHasLanguages ? [...new Set(voiceLanguages)] : [...OPENAI_SPEECH_LANGUAGES];
  return settings.models.map((model): EngineDescriptor<'speech-synthesizer'> => {
    return {
      id: openAIEngineIdOf(model),
      capability: 'speech-synthesizer',
      displayName: openAIItself ? `OpenAI ${model}` : `${model} (OpenAI-compatible, ${host})`,
      languages,
      location: 'remote',
      qualityTier: openAIItself ? 'premium' : 'standard',
      cost: { unit: 'characters', usdPerThousand: openAIItself ? (OPENAI_USD_PER_THOUSAND[model] ?? 0.015) : 0 },
      description: openAIItself
        ? `OpenAI neural speech (${model}): natural voices; costs money per request; the text leaves this machine for OpenAI's servers; word timings are estimated`
        : `Speech from the OpenAI-compatible server at ${host} (${model}, e.g. self-hosted Kokoro or Piper); the text is sent to that server; word timings are estimated`,
      load: async () => {
        const { createOpenAISpeech } = await import('../openai/openai-speech-synthesizer.ts');
        return createOpenAISpeech({
          model,
          engineId: openAIEngineIdOf(model),
          baseUrl,
          ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
          ...(settings.voices ? { voices: settings.voices } : {}),
          ...(everyVoiceHasLanguages ? {} : { languages }),
          ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
        });
      },
    };
  });
}

/** Same rule as `openAIEngineId` (openai-speech-synthesizer.ts), kept here so the registry imports no adapter. */
function openAIEngineIdOf(model: string): EngineId {
  const slug = model.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+|-+$/g, '');
  return `openai:${slug || 'speech'}`;
}

/** Same rule as `elevenLabsEngineId`: `eleven_multilingual_v2` → `elevenlabs:eleven-multilingual-v2`. */
function elevenLabsEngineIdOf(modelId: string): EngineId {
  return `elevenlabs:${modelId.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}`;
}

function elevenLabsDescriptors(settings: NonNullable<RemoteEngineSettings['elevenlabs']>): EngineDescriptor[] {
  const client = { apiKey: settings.apiKey, ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}) };
  const honest = 'costs money (credits of the ElevenLabs account); audio and text leave this machine for ElevenLabs';
  const synthesizers = (settings.ttsModels ?? [ELEVENLABS_DEFAULT_TTS_MODEL]).map(
    (modelId): EngineDescriptor<'speech-synthesizer'> => ({
      id: elevenLabsEngineIdOf(modelId),
      capability: 'speech-synthesizer',
      displayName: `ElevenLabs ${modelId}`,
      languages: elevenLabsModelLanguages(modelId),
      location: 'remote',
      qualityTier: 'premium',
      // Credits per character: Flash/Turbo cost half; dollars depend on the plan (about $0.15–0.30 per 1,000 credits).
      cost: { unit: 'characters', usdPerThousand: /flash|turbo/.test(modelId) ? 0.15 : 0.3 },
      description: `ElevenLabs neural speech (${modelId}) with exact word timings; the account's voices and clones; ${honest}`,
      load: async () => (await import('../elevenlabs/elevenlabs-speech-synthesizer.ts')).createElevenLabsSpeech({ ...client, modelId, engineId: elevenLabsEngineIdOf(modelId) }),
    }),
  );
  const converter: EngineDescriptor<'voice-converter'> = {
    id: elevenLabsEngineIdOf(ELEVENLABS_STS_MODEL),
    capability: 'voice-converter',
    displayName: 'ElevenLabs voice changer (speech to speech)',
    languages: elevenLabsModelLanguages(ELEVENLABS_DEFAULT_TTS_MODEL),
    location: 'remote',
    qualityTier: 'premium',
    // 1,000 credits per minute of audio.
    cost: { unit: 'audio-seconds', usdPerThousand: 5 },
    description: `ElevenLabs speech to speech: the same delivery and timing in another voice (an account voice or an elevenlabs:ivc clone); ${honest}`,
    load: async () => (await import('../elevenlabs/elevenlabs-voice-converter.ts')).createElevenLabsVoiceConverter(client),
  };
  const profiler: EngineDescriptor<'voice-profiler'> = {
    id: 'elevenlabs:ivc',
    capability: 'voice-profiler',
    displayName: 'ElevenLabs instant voice cloning',
    languages: ['*'],
    location: 'remote',
    qualityTier: 'premium',
    cost: { unit: 'calls', usdPerThousand: 0 },
    description: `ElevenLabs instant voice cloning: reference recordings become a voice of the account (remoteVoiceId) until deleted; needs a paid plan; the recordings leave this machine for ElevenLabs`,
    load: async () => (await import('../elevenlabs/elevenlabs-voice-profiler.ts')).createElevenLabsVoiceProfiler(client),
  };
  const isolator: EngineDescriptor<'audio-separator'> = {
    id: 'elevenlabs:audio-isolation',
    capability: 'audio-separator',
    displayName: 'ElevenLabs audio isolation',
    languages: ['*'],
    location: 'remote',
    qualityTier: 'premium',
    // 1,000 credits per minute of audio.
    cost: { unit: 'audio-seconds', usdPerThousand: 5 },
    description: `ElevenLabs audio isolation (voice isolator, a neural model): the voice taken out of music, effects and noise, mono or stereo sources alike; the background is the original with that voice masked out, so music stays under the dub at full level; ${honest}`,
    stems: ['vocals', 'accompaniment'],
    load: async () => (await import('../elevenlabs/elevenlabs-audio-isolator.ts')).createElevenLabsAudioIsolator(client),
  };
  return [...synthesizers, converter, profiler, isolator];
}

/** Where an OpenAI-compatible endpoint is, for descriptions: OpenAI itself or the server's host. */
const endpointOf = (baseUrl: string | undefined) => {
  const url = new URL(baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  return { host: url.host, openAIItself: url.hostname === 'api.openai.com', baseUrl: baseUrl ?? OPENAI_DEFAULT_BASE_URL };
};

function openAIChatDescriptors(settings: NonNullable<RemoteEngineSettings['openaiChat']>): EngineDescriptor[] {
  const { host, openAIItself, baseUrl } = endpointOf(settings.baseUrl);
  return settings.models.map((model): EngineDescriptor<'translator'> => ({
    id: openAIEngineIdOf(model),
    capability: 'translator',
    displayName: openAIItself ? `OpenAI ${model}` : `${model} (OpenAI-compatible, ${host})`,
    languages: ['*'],
    location: 'remote',
    qualityTier: 'premium',
    cost: { unit: 'characters', usdPerThousand: openAIItself ? 0.002 : 0 },
    description: openAIItself
      ? `Translation by OpenAI's ${model}: fluent, follows the glossary, speaker context and a length budget per line; costs money; the text leaves this machine for OpenAI`
      : `Translation by ${model} on the OpenAI-compatible server at ${host}: follows the glossary, speaker context and a length budget per line; the text is sent to that server`,
    load: async () =>
      (await import('../openai/openai-chat-translator.ts')).createOpenAIChatTranslator({
        model,
        engineId: openAIEngineIdOf(model),
        baseUrl,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      }),
  }));
}

function openAITranscriptionDescriptors(settings: NonNullable<RemoteEngineSettings['openaiTranscription']>): EngineDescriptor[] {
  const { host, openAIItself, baseUrl } = endpointOf(settings.baseUrl);
  return settings.models.map((model): EngineDescriptor<'speech-recognizer'> => ({
    id: openAIEngineIdOf(model),
    capability: 'speech-recognizer',
    displayName: openAIItself ? `OpenAI ${model}` : `${model} (OpenAI-compatible, ${host})`,
    languages: [...OPENAI_SPEECH_LANGUAGES],
    location: 'remote',
    qualityTier: 'premium',
    // whisper-1: $0.006 a minute.
    cost: { unit: 'audio-seconds', usdPerThousand: openAIItself ? 0.1 : 0 },
    description: openAIItself
      ? `Speech recognition by OpenAI's ${model} (Whisper): ~100 languages including Mandarin, word and segment timestamps; costs money; the audio leaves this machine for OpenAI`
      : `Speech recognition by ${model} on the OpenAI-compatible server at ${host} (e.g. a self-hosted Whisper): word and segment timestamps; the audio is sent to that server`,
    load: async () =>
      (await import('../openai/openai-transcription-recognizer.ts')).createOpenAITranscription({
        model,
        engineId: openAIEngineIdOf(model),
        baseUrl,
        ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      }),
  }));
}

/** Descriptors of the configured remote engines (none when nothing is configured). */
export function remoteEngineDescriptors(settings: RemoteEngineSettings): EngineDescriptor[] {
  return [
    ...(settings.openai ? openAIDescriptors(settings.openai) : []),
    ...(settings.openaiChat ? openAIChatDescriptors(settings.openaiChat) : []),
    ...(settings.openaiTranscription ? openAITranscriptionDescriptors(settings.openaiTranscription) : []),
    ...(settings.elevenlabs ? elevenLabsDescriptors(settings.elevenlabs) : []),
    ...(settings.lipsync ? lipsyncDescriptors(settings.lipsync) : []),
  ];
}

/**
 * The registry a process runs with: every local engine plus the remote engines `env` configures.
 * Select with `resolveEngines(registry, engineSelectionFromEnv(env))`.
 */
export function createEngineRegistryFromEnv(env: Record<string, string | undefined>, localSettings: EngineSettingsByVendor = {}): EngineRegistry {
  return createEngineRegistry([...localEngineDescriptors(localSettings), ...remoteEngineDescriptors(remoteEngineSettingsFromEnv(env))]);
}
