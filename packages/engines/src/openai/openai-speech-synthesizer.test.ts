import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineDescriptor } from '../registry/engine-registry.ts';
import { remoteEngineDescriptors, remoteEngineSettingsFromEnv } from '../registry/remote-engines.ts';
import { EngineAbortedError, EngineAuthError, EngineFailedError, EngineInputError, type EngineError } from '../engine-errors.ts';
import { speechSynthesizerConformance } from '../testing/conformance/speech-synthesizer-conformance.ts';
import { startOpenAIReplayServer } from '../testing/openai-replay-server.ts';
import type { ReplayServer } from '../testing/replay-http.ts';
import { createOpenAISpeech, openAIEngineId } from './openai-speech-synthesizer.ts';

const API_KEY = 'sk-replay-0123456789abcdefSECRET';
const LONG_TEXT = 'This sentence is spoken many times so that the request takes a while. '.repeat(40);

let server: ReplayServer;
beforeAll(async () => {
  server = await startOpenAIReplayServer({ apiKey: API_KEY });
  // Long inputs take seconds, as real synthesis would: cancellation must land mid-request.
  server.setLatency((request) => (request.body.length > 1500 ? 5000 : 0));
});
afterAll(() => server.close());

/** The descriptor exactly as the registry builds it from env, pointed at the replay server once it runs. */
function descriptorFromEnv(env: Record<string, string>, id: string): EngineDescriptor<'speech-synthesizer'> {
  const template = remoteEngineDescriptors(remoteEngineSettingsFromEnv({ ...env, OPENAI_SPEECH_BASE_URL: 'http://127.0.0.1:9/v1' })).find((entry) => entry.id === id) as EngineDescriptor<'speech-synthesizer'>;
  return {
    ...template,
    load: () => (remoteEngineDescriptors(remoteEngineSettingsFromEnv({ ...env, OPENAI_SPEECH_BASE_URL: `${server.url}/v1` })).find((entry) => entry.id === id) as EngineDescriptor<'speech-synthesizer'>).load(),
  };
}

speechSynthesizerConformance({
  descriptor: descriptorFromEnv({ OPENAI_API_KEY: API_KEY, OPENAI_SPEECH_MODEL: 'gpt-4o-mini-tts' }, 'openai:gpt-4o-mini-tts'),
  samples: [
    { language: 'en', voice: 'alloy', text: 'The quick brown fox jumps over the lazy dog near the river bank.' },
    { language: 'es', voice: 'nova', text: 'El rápido zorro marrón salta sobre el perro perezoso.' },
  ],
  unsupportedOptions: [{ textFormat: 'ssml' }, { speed: 8 }, { pitchSemitones: 3 }, { language: 'xx' }],
  longText: LONG_TEXT,
});

describe('OpenAI speech against the replay server', () => {
  let dir: string;
  const out = (name: string) => path.join(dir, name);
  const engine = () => createOpenAISpeech({ model: 'gpt-4o-mini-tts', baseUrl: server.url, apiKey: API_KEY });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-openai-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sends the documented request and writes the returned MP3 with estimated word timings', async () => {
    const text = 'Good morning, and welcome to the show.';
    const result = await engine().doSynthesize({ text, voice: 'coral', style: 'Speak cheerfully.', speed: 1.5, outputFormat: 'mp3', outputFile: out('coral.mp3') });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/audio/speech');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({ model: 'gpt-4o-mini-tts', input: text, voice: 'coral', instructions: 'Speak cheerfully.', speed: 1.5, response_format: 'mp3' });
    const info = await probeMedia(out('coral.mp3'));
    expect(info.audio?.codec).toBe('mp3');
    expect(result.audio).toMatchObject({ format: 'mp3', file: out('coral.mp3') });
    expect(result.audio.durationSeconds).toBeCloseTo(info.durationSeconds!, 1);
    expect(result.words.map((word) => word.text)).toEqual(['Good', 'morning,', 'and', 'welcome', 'to', 'the', 'show.']);
    expect(result.wordTimingsApproximate).toBe(true);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'approximate-output', output: 'words' })]);
    expect(text.slice(result.words[3]!.charStart, result.words[3]!.charEnd)).toBe('welcome');
  });

  it('asks for the format it writes: opus for ogg, raw 24 kHz pcm, flac; a streamed WAV gets a real header', async () => {
    const text = 'Formats differ.';
    const ogg = await engine().doSynthesize({ text, voice: 'alloy', outputFormat: 'ogg', outputFile: out('a.ogg'), wordTimings: false });
    expect(JSON.parse(server.requests.at(-1)!.body.toString()).response_format).toBe('opus');
    expect((await probeMedia(out('a.ogg'))).audio?.codec).toBe('opus');
    expect(ogg.words).toEqual([]);
    const pcm = await engine().doSynthesize({ text, voice: 'alloy', outputFormat: 'pcm', outputFile: out('a.pcm'), wordTimings: false });
    expect(JSON.parse(server.requests.at(-1)!.body.toString()).response_format).toBe('pcm');
    expect(pcm.audio).toMatchObject({ format: 'pcm', sampleRate: 24_000, channels: 1 });
    const wav = await engine().doSynthesize({ text, voice: 'alloy', outputFile: out('a.wav'), wordTimings: false });
    expect(JSON.parse(server.requests.at(-1)!.body.toString()).response_format).toBe('wav');
    expect(wav.audio.durationSeconds).toBeCloseTo(pcm.audio.durationSeconds, 1);
    expect((await probeMedia(out('a.wav'))).durationSeconds).toBeCloseTo(pcm.audio.durationSeconds, 1);
    await engine().doSynthesize({ text, voice: 'alloy', outputFormat: 'flac', outputFile: out('a.flac'), wordTimings: false });
    expect((await probeMedia(out('a.flac'))).audio?.codec).toBe('flac');
  });

  it('applies pitch and gain afterwards (rubberband, same duration) and says so', async () => {
    const text = 'Pitch is shifted after synthesis.';
    const plain = await engine().doSynthesize({ text, voice: 'echo', outputFile: out('plain.wav'), wordTimings: false });
    const shifted = await engine().doSynthesize({ text, voice: 'echo', pitchSemitones: 4, volume: 0.5, outputFormat: 'mp3', outputFile: out('shifted.mp3'), wordTimings: false });
    expect(JSON.parse(server.requests.at(-1)!.body.toString()).response_format).toBe('wav');
    expect(shifted.warnings).toEqual([expect.objectContaining({ type: 'approximated-option', option: 'pitchSemitones' })]);
    expect(shifted.audio.format).toBe('mp3');
    expect(Math.abs(shifted.audio.durationSeconds - plain.audio.durationSeconds)).toBeLessThan(0.1);
  });

  it('warns that tts-1 takes no style, and sends none', async () => {
    const tts1 = createOpenAISpeech({ model: 'tts-1', baseUrl: server.url, apiKey: API_KEY });
    const result = await tts1.doSynthesize({ text: 'Plain.', voice: 'onyx', style: 'whisper', outputFile: out('tts1.wav'), wordTimings: false });
    expect(JSON.parse(server.requests.at(-1)!.body.toString())).not.toHaveProperty('instructions');
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'unsupported-option', option: 'style' })]);
    expect(tts1.engineId).toBe('openai:tts-1');
  });

  it('refuses text over 4,096 characters without calling the API', async () => {
    const before = server.requests.length;
    await expect(engine().doSynthesize({ text: 'word '.repeat(1000), voice: 'alloy', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    expect(server.requests.length).toBe(before);
  });

  it('maps HTTP errors: 401 is an auth error, 429 and 5xx are retryable, 400 carries the vendor message', async () => {
    const wrongKey = createOpenAISpeech({ model: 'gpt-4o-mini-tts', baseUrl: server.url, apiKey: 'sk-wrong-key-that-must-not-leak' });
    const unauthorized = await wrongKey.doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') }).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(EngineAuthError);
    expect(unauthorized).toMatchObject({ code: 'unauthorized', isRetryable: false, name: 'EngineAuthError' });
    expect((unauthorized as Error).message).toMatch(/HTTP 401.*Incorrect API key provided: \*\*\*/);
    expect((unauthorized as Error).message).not.toContain('sk-wrong-key');

    server.failNext({ status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } } });
    const limited = await engine().doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') }).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(EngineFailedError);
    expect(limited).toMatchObject({ isRetryable: true, message: expect.stringMatching(/HTTP 429 while synthesizing speech: Rate limit reached for requests \(retry after 7 s\)/) });

    server.failNext({ status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error' } } });
    await expect(engine().doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') })).rejects.toMatchObject({ isRetryable: true, code: 'engine-failed' });
    server.failNext({ status: 503, body: 'upstream unavailable' });
    await expect(engine().doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') })).rejects.toMatchObject({ isRetryable: true, message: expect.stringMatching(/upstream unavailable/) });

    server.failNext({ status: 400, body: { error: { message: 'Input contains content that is not allowed.', type: 'invalid_request_error', param: 'input', code: null } } });
    const input = await engine().doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') }).catch((error: unknown) => error);
    expect(input).toBeInstanceOf(EngineInputError);
    expect(input).toMatchObject({ isRetryable: false, message: expect.stringMatching(/HTTP 400 while synthesizing speech: Input contains content that is not allowed\./) });
  });

  it('treats an unreachable server as retryable', async () => {
    const closed = await startOpenAIReplayServer();
    const url = closed.url;
    await closed.close();
    const error = await createOpenAISpeech({ model: 'tts-1', baseUrl: url }).doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineFailedError);
    expect(error).toMatchObject({ isRetryable: true, message: expect.stringMatching(/could not be reached.*ECONNREFUSED/) });
  });

  it('gives up after timeoutMs with a retryable error', async () => {
    server.hangNext();
    const abandonedBefore = server.abandoned;
    // The server never answers: only the engine's own timeout ends this call (and its request).
    const error = await createOpenAISpeech({ model: 'tts-1', baseUrl: server.url, apiKey: API_KEY, timeoutMs: 300 })
      .doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('e.wav') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineFailedError);
    expect(error).toMatchObject({ isRetryable: true, message: expect.stringMatching(/did not answer within 300 ms/) });
    await vi.waitFor(() => expect(server.abandoned).toBe(abandonedBefore + 1));
  });

  it('ends the HTTP request promptly when the signal fires', async () => {
    const abandonedBefore = server.abandoned;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await engine().doSynthesize({ text: LONG_TEXT, voice: 'alloy', outputFile: out('e.wav'), signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineAbortedError);
    // Promptly: the request was abandoned before the server answered it (not awaited, then discarded).
    await vi.waitFor(() => expect(server.abandoned).toBe(abandonedBefore + 1));
  });

  it('never puts the API key into messages, logs or what inspecting the engine shows', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    try {
      const tts = engine();
      await tts.doSynthesize({ text: 'Secret keeping.', voice: 'sage', outputFile: out('k.wav') });
      server.failNext({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}.`, code: 'invalid_api_key' } } });
      const error = (await tts.doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: out('k.wav') }).catch((caught: unknown) => caught)) as EngineError;
      const shown = [JSON.stringify(tts), inspect(tts, { showHidden: true, depth: 10 }), error.message, error.stack, inspect(error, { depth: 10 }), JSON.stringify(error.cause)].join('\n');
      expect(shown).not.toContain(API_KEY);
      for (const spy of spies) for (const call of spy.mock.calls) expect(inspect(call)).not.toContain(API_KEY);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('an OpenAI-compatible server with its own voices (self-hosted, no key)', () => {
  let compatible: ReplayServer;
  let dir: string;
  beforeAll(async () => {
    compatible = await startOpenAIReplayServer({ voices: ['af_bella', 'zf_xiaobei'], models: ['kokoro'] });
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-openai-compatible-'));
  });
  afterAll(async () => {
    await compatible.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is registered from env with the configured voices and their languages, and sends no Authorization', async () => {
    const env = { OPENAI_SPEECH_BASE_URL: compatible.url, OPENAI_SPEECH_MODEL: 'kokoro', OPENAI_SPEECH_VOICES: 'af_bella:en, zf_xiaobei:zh' };
    const [descriptor] = remoteEngineDescriptors(remoteEngineSettingsFromEnv(env));
    expect(descriptor).toMatchObject({ id: 'openai:kokoro', capability: 'speech-synthesizer', languages: ['en', 'zh'], location: 'remote', cost: { usdPerThousand: 0 } });
    const tts = (await descriptor!.load()) as Awaited<ReturnType<EngineDescriptor<'speech-synthesizer'>['load']>>;
    expect((await tts.listVoices()).map((voice) => [voice.id, voice.languages])).toEqual([
      ['af_bella', ['en']],
      ['zf_xiaobei', ['zh']],
    ]);
    const result = await tts.doSynthesize({ text: 'Hello from a local server.', voice: 'af_bella', outputFile: path.join(dir, 'bella.wav'), language: 'zh' });
    expect(compatible.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-option', option: 'language' }));
    await expect(tts.doSynthesize({ text: 'Hi.', voice: 'alloy', outputFile: path.join(dir, 'x.wav') })).rejects.toBeInstanceOf(EngineInputError);
  });

  it('derives engine ids from model names', () => {
    expect(openAIEngineId('gpt-4o-mini-tts')).toBe('openai:gpt-4o-mini-tts');
    expect(openAIEngineId('hexgrad/Kokoro-82M')).toBe('openai:hexgrad-kokoro-82m');
  });
});
