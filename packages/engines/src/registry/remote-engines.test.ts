import { describe, expect, it } from 'vitest';
import { elevenLabsEngineId } from '../elevenlabs/elevenlabs-speech-synthesizer.ts';
import { openAIEngineId } from '../openai/openai-speech-synthesizer.ts';
import { engineSelectionFromEnv, resolveEngines } from './engine-resolver.ts';
import { localEngineDescriptors } from './local-engines.ts';
import { createEngineRegistryFromEnv, remoteEngineDescriptors, remoteEngineSettingsFromEnv } from './remote-engines.ts';

const ids = (env: Record<string, string>) => remoteEngineDescriptors(remoteEngineSettingsFromEnv(env)).map((descriptor) => descriptor.id);

describe('remote engines from env', () => {
  it('registers nothing when nothing is configured', () => {
    expect(ids({})).toEqual([]);
    expect(ids({ OPENAI_API_KEY: '', ELEVENLABS_API_KEY: ' ' })).toEqual([]);
    const registry = createEngineRegistryFromEnv({});
    expect(registry.list().map((descriptor) => descriptor.id)).toEqual(localEngineDescriptors().map((descriptor) => descriptor.id));
  });

  it('registers OpenAI speech per model, and the ElevenLabs synthesizers, converter and cloner', () => {
    // OpenAI's key alone: speech, chat translation and Whisper transcription, each with its default model.
    expect(ids({ OPENAI_API_KEY: 'sk-x' })).toEqual(['openai:gpt-4o-mini-tts', 'openai:gpt-4o-mini', 'openai:whisper-1']);
    expect(ids({ OPENAI_API_KEY: 'sk-x', OPENAI_SPEECH_MODEL: 'gpt-4o-mini-tts, tts-1-hd' })).toEqual(['openai:gpt-4o-mini-tts', 'openai:tts-1-hd', 'openai:gpt-4o-mini', 'openai:whisper-1']);
    // A self-hosted chat or Whisper server alone registers only that engine.
    expect(ids({ OPENAI_CHAT_BASE_URL: 'http://llm.local:8000/v1', OPENAI_CHAT_MODEL: 'qwen2.5-14b-instruct' })).toEqual(['openai:qwen2.5-14b-instruct']);
    expect(ids({ OPENAI_TRANSCRIPTION_BASE_URL: 'http://whisper.local:8000/v1' })).toEqual(['openai:whisper-1']);
    expect(() => remoteEngineSettingsFromEnv({ OPENAI_CHAT_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/OPENAI_CHAT_BASE_URL.*OPENAI_API_KEY/);
    expect(ids({ ELEVENLABS_API_KEY: 'xi' })).toEqual(['elevenlabs:eleven-multilingual-v2', 'elevenlabs:eleven-multilingual-sts-v2', 'elevenlabs:ivc', 'elevenlabs:audio-isolation']);
    expect(ids({ ELEVENLABS_API_KEY: 'xi', ELEVENLABS_TTS_MODELS: 'eleven_multilingual_v2,eleven_flash_v2_5' })).toContain('elevenlabs:eleven-flash-v2-5');
    const [openai] = remoteEngineDescriptors(remoteEngineSettingsFromEnv({ OPENAI_API_KEY: 'sk-x' }));
    expect(openai).toMatchObject({ location: 'remote', qualityTier: 'premium', cost: { unit: 'characters', usdPerThousand: 0.015 }, description: expect.stringMatching(/costs money.*leaves this machine/) });
  });

  it('selects remote engines only when ENGINES_* names them', async () => {
    const env = { OPENAI_API_KEY: 'sk-x', ELEVENLABS_API_KEY: 'xi', ENGINES_SPEECH_SYNTHESIZER: 'openai:gpt-4o-mini-tts,espeak:espeak-ng', ENGINES_VOICE_CONVERTER: 'elevenlabs:eleven-multilingual-sts-v2' };
    const registry = createEngineRegistryFromEnv(env);
    const engines = resolveEngines(registry, engineSelectionFromEnv(env));
    expect(engines.selection['speech-synthesizer']).toEqual(['openai:gpt-4o-mini-tts', 'espeak:espeak-ng']);
    expect(engines.selection['voice-converter']).toEqual(['elevenlabs:eleven-multilingual-sts-v2']);
    expect((await engines.get('speech-synthesizer')).engineId).toBe('openai:gpt-4o-mini-tts');
    // Registered but not named: the local default stays.
    expect(resolveEngines(registry, {}).selection['speech-synthesizer']).not.toContain('openai:gpt-4o-mini-tts');
    expect(() => resolveEngines(createEngineRegistryFromEnv({}), engineSelectionFromEnv(env))).toThrow(/no engine "openai:gpt-4o-mini-tts" is registered/);
  });

  it('refuses configurations that cannot work, naming the variable', () => {
    expect(() => remoteEngineSettingsFromEnv({ OPENAI_SPEECH_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/needs OPENAI_API_KEY/);
    expect(() => remoteEngineSettingsFromEnv({ OPENAI_SPEECH_BASE_URL: 'not a url' })).toThrow(/OPENAI_SPEECH_BASE_URL/);
    expect(() => remoteEngineSettingsFromEnv({ OPENAI_SPEECH_BASE_URL: 'localhost:8880' })).toThrow(/OPENAI_SPEECH_BASE_URL/);
    expect(() => remoteEngineSettingsFromEnv({ OPENAI_API_KEY: 'sk', OPENAI_SPEECH_VOICES: 'a:b:c' })).toThrow(/OPENAI_SPEECH_VOICES/);
    expect(() => remoteEngineSettingsFromEnv({ ELEVENLABS_API_KEY: 'xi', ELEVENLABS_TIMEOUT_MS: 'soon' })).toThrow(/ELEVENLABS_TIMEOUT_MS/);
    expect(remoteEngineSettingsFromEnv({ ELEVENLABS_API_KEY: 'xi', ELEVENLABS_TIMEOUT_MS: '300000' }).elevenlabs?.timeoutMs).toBe(300_000);
  });

  it('names engines by the same rule as the adapters', () => {
    for (const model of ['gpt-4o-mini-tts', 'tts-1', 'Kokoro 82M/v1.0']) expect(ids({ OPENAI_SPEECH_BASE_URL: 'http://localhost:8880', OPENAI_SPEECH_MODEL: model })).toEqual([openAIEngineId(model)]);
    expect(ids({ ELEVENLABS_API_KEY: 'xi', ELEVENLABS_TTS_MODELS: 'eleven_turbo_v2_5' })[0]).toBe(elevenLabsEngineId('eleven_turbo_v2_5'));
  });
});
