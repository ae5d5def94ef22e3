import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Capability } from '../capabilities/capability-map.ts';
import { EngineAbortedError, EngineAuthError, EngineFailedError, EngineInputError } from '../engine-errors.ts';
import type { EngineDescriptor } from '../registry/engine-registry.ts';
import { remoteEngineDescriptors, remoteEngineSettingsFromEnv } from '../registry/remote-engines.ts';
import { speechSynthesizerConformance } from '../testing/conformance/speech-synthesizer-conformance.ts';
import { voiceConverterConformance } from '../testing/conformance/voice-converter-conformance.ts';
import { voiceProfilerConformance } from '../testing/conformance/voice-profiler-conformance.ts';
import { startElevenLabsReplayServer, type ElevenLabsReplayServer } from '../testing/elevenlabs-replay-server.ts';
import { makeLongSpeech, makeSpeech } from '../testing/generated-media.ts';
import { multipartOf } from '../testing/replay-http.ts';
import { createElevenLabsSpeech } from './elevenlabs-speech-synthesizer.ts';
import { createElevenLabsVoiceConverter } from './elevenlabs-voice-converter.ts';
import { createElevenLabsVoiceProfiler } from './elevenlabs-voice-profiler.ts';

const API_KEY = 'xi-replay-0123456789abcdef-SECRET';
const RACHEL = '21m00Tcm4TlvDq8ikWAM';
const GEORGE = 'JBFqnCBsd6RMkjVDRZzb';
const LONG_TEXT = 'This sentence is spoken many times so that the request takes a while. '.repeat(40);

let server: ElevenLabsReplayServer;
beforeAll(async () => {
  server = await startElevenLabsReplayServer({ apiKey: API_KEY, pageCap: 2 });
  // Long texts and long uploads take seconds, as real generation would: cancellation must land mid-request.
  server.setLatency((request) => ((request.path.startsWith('/v1/text-to-speech/') && request.body.length > 1500) || request.body.length > 1_000_000 ? 5000 : 0));
});
afterAll(() => server.close());

/** A descriptor exactly as the registry builds it from env, pointed at the replay server once it runs. */
function descriptorFromEnv<C extends Capability>(id: string): EngineDescriptor<C> {
  const find = (baseUrl: string) => remoteEngineDescriptors(remoteEngineSettingsFromEnv({ ELEVENLABS_API_KEY: API_KEY, ELEVENLABS_BASE_URL: baseUrl })).find((entry) => entry.id === id) as EngineDescriptor<C>;
  return { ...find('http://127.0.0.1:9'), load: () => find(server.url).load() };
}

speechSynthesizerConformance({
  descriptor: descriptorFromEnv('elevenlabs:eleven-multilingual-v2'),
  samples: [
    { language: 'en', voice: RACHEL, text: 'The quick brown fox jumps over the lazy dog near the river bank.' },
    { language: 'sv', voice: 'XB0fDUnXU5powFXDhCwa', text: 'Den snabba bruna räven hoppar över den lata hunden.' },
  ],
  unsupportedOptions: [{ style: 'cheerful' }, { speed: 3 }, { pitchSemitones: 2 }, { textFormat: 'ssml' }, { language: 'xx' }],
  longText: LONG_TEXT,
});

voiceConverterConformance({
  descriptor: descriptorFromEnv('elevenlabs:eleven-multilingual-sts-v2'),
  makeSpeech: (dir) => makeSpeech(dir, 'source.wav', 'Speech to speech keeps the timing of the source.'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long-source.wav', 40),
  target: () => ({ voice: GEORGE }),
  unknownTarget: { voice: 'no-such-voice' },
});

voiceProfilerConformance({
  descriptor: descriptorFromEnv('elevenlabs:ivc'),
  makeSpeech: (dir) => makeSpeech(dir, 'reference.wav', 'This is my voice, recorded for cloning.'),
  makeLongSpeech: (dir) => makeLongSpeech(dir, 'long-reference.wav', 40),
});

describe('ElevenLabs against the replay server', () => {
  let dir: string;
  const out = (name: string) => path.join(dir, name);
  const settings = () => ({ apiKey: API_KEY, baseUrl: server.url });
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-elevenlabs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('sends the documented text-to-speech request and builds exact word timings from the character alignment', async () => {
    const text = 'Hello there, brave new world.';
    const result = await createElevenLabsSpeech(settings()).doSynthesize({
      text,
      voice: RACHEL,
      speed: 1.1,
      outputFile: out('tts.wav'),
      providerOptions: { elevenlabs: { stability: 0.4, similarityBoost: 0.8, seed: 7 } },
    });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/text-to-speech/${RACHEL}/with-timestamps`);
    expect(Object.fromEntries(request.query)).toEqual({ output_format: 'pcm_24000' });
    expect(request.headers['xi-api-key']).toBe(API_KEY);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body.toString('utf8'))).toEqual({ text, model_id: 'eleven_multilingual_v2', voice_settings: { stability: 0.4, similarity_boost: 0.8, speed: 1.1 }, seed: 7 });
    expect(result.warnings).toEqual([]);
    expect(result.wordTimingsApproximate).toBe(false);
    expect(result.audio).toMatchObject({ format: 'wav', sampleRate: 24_000, channels: 1 });
    // Each word spans its first letter's start to its last letter's end in the alignment.
    const alignment = server.lastAlignment!;
    expect(result.words.map((word) => [word.text, word.startSeconds, word.endSeconds])).toEqual(
      [['Hello', 0, 5], ['there,', 6, 11], ['brave', 13, 18], ['new', 19, 22], ['world.', 23, 28]].map(([word, first, last]) => [
        word,
        alignment.character_start_times_seconds[first as number],
        alignment.character_end_times_seconds[(last as number) - 1],
      ]),
    );
    expect(text.slice(result.words[2]!.charStart, result.words[2]!.charEnd)).toBe('brave');
  });

  it('passes MP3 through untouched and sends language_code only to models that take it', async () => {
    const multilingual = await createElevenLabsSpeech(settings()).doSynthesize({ text: 'Straight through.', voice: RACHEL, language: 'en-US', outputFormat: 'mp3', outputFile: out('tts.mp3') });
    expect(server.requests.at(-1)!.query.get('output_format')).toBe('mp3_44100_128');
    expect(JSON.parse(server.requests.at(-1)!.body.toString())).not.toHaveProperty('language_code');
    expect((await probeMedia(out('tts.mp3'))).audio).toMatchObject({ codec: 'mp3', sampleRate: 44_100 });
    expect(multilingual.warnings).toEqual([]);
    const flash = createElevenLabsSpeech({ ...settings(), modelId: 'eleven_flash_v2_5' });
    expect(flash.engineId).toBe('elevenlabs:eleven-flash-v2-5');
    await flash.doSynthesize({ text: 'Hej.', voice: RACHEL, language: 'sv', outputFile: out('flash.wav') });
    expect(JSON.parse(server.requests.at(-1)!.body.toString())).toMatchObject({ model_id: 'eleven_flash_v2_5', language_code: 'sv' });
  });

  it('lists every voice across pages with their labels, and reuses the list', async () => {
    const tts = createElevenLabsSpeech(settings());
    const before = server.requests.length;
    const voices = await tts.listVoices();
    const listCalls = server.requests.slice(before);
    expect(listCalls.map((request) => [request.path, Object.fromEntries(request.query)])).toEqual([
      ['/v2/voices', { page_size: '100' }],
      ['/v2/voices', { page_size: '100', next_page_token: '2' }],
    ]);
    const rachel = voices.find((voice) => voice.id === RACHEL)!;
    expect(rachel).toMatchObject({ name: 'Rachel', gender: 'female', accent: 'American', age: 'young', style: 'calm', useCases: ['narration'], description: 'A calm, young American voice.', engineId: 'elevenlabs:eleven-multilingual-v2' });
    expect(rachel.previewUrl).toMatch(/^https:\/\/storage\.googleapis\.com\//);
    expect(rachel.languages[0]).toBe('en');
    expect(voices.find((voice) => voice.name === 'Charlotte')!.languages[0]).toBe('sv');
    expect(voices.find((voice) => voice.id === GEORGE)!.gender).toBe('male');
    await tts.listVoices();
    expect(server.requests.length).toBe(before + 2);
  });

  it('converts speech to speech with the documented multipart request, to a voice or a clone', async () => {
    const source = await makeSpeech(dir, 'speech.wav', 'Convert me into another voice, please.');
    const converter = createElevenLabsVoiceConverter(settings());
    const result = await converter.doConvert({ audioFile: source, target: { voice: GEORGE }, outputFile: out('converted.mp3'), providerOptions: { elevenlabs: { stability: 0.5, removeBackgroundNoise: true } } });
    const request = server.requests.at(-1)!;
    expect(request.path).toBe(`/v1/speech-to-speech/${GEORGE}`);
    expect(Object.fromEntries(request.query)).toEqual({ output_format: 'mp3_44100_128' });
    expect(request.headers['xi-api-key']).toBe(API_KEY);
    const form = await multipartOf(request);
    expect([...form.keys()]).toEqual(['audio', 'model_id', 'voice_settings', 'remove_background_noise']);
    const audio = form.get('audio') as File;
    expect([audio.name, audio.type]).toEqual(['speech.wav', 'audio/wav']);
    expect(form.get('model_id')).toBe('eleven_multilingual_sts_v2');
    expect(JSON.parse(String(form.get('voice_settings')))).toEqual({ stability: 0.5 });
    expect(form.get('remove_background_noise')).toBe('true');
    expect(result.audio.format).toBe('mp3');
    expect(Math.abs(result.audio.durationSeconds - (await probeMedia(source)).durationSeconds!)).toBeLessThan(0.2);

    const clone = await createElevenLabsVoiceProfiler(settings()).doProfile({ audioFiles: [source] });
    await converter.doConvert({ audioFile: source, target: { profile: clone.profile }, outputFile: out('to-clone.wav') });
    expect(server.requests.at(-1)!.path).toBe(`/v1/speech-to-speech/${clone.profile.remoteVoiceId}`);
    const before = server.requests.length;
    const foreign = { ...clone.profile, engineId: 'openvoice:local' as const, remoteVoiceId: undefined };
    await expect(converter.doConvert({ audioFile: source, target: { profile: foreign }, outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    expect(server.requests.length).toBe(before);
  });

  it('clones a voice from several references, speaks with it, and deletes it', async () => {
    const first = await makeSpeech(dir, 'take-1.wav', 'The first take of my reference recording.');
    const second = await makeSpeech(dir, 'take-2.wav', 'And here is a second take, a little longer than the first.');
    const profiler = createElevenLabsVoiceProfiler(settings());
    const result = await profiler.doProfile({ audioFiles: [first, second], name: 'Narrator', providerOptions: { elevenlabs: { description: 'Our narrator', labels: { accent: 'American' } } } });
    const request = server.requests.at(-1)!;
    expect([request.method, request.path]).toEqual(['POST', '/v1/voices/add']);
    expect(String(request.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await multipartOf(request);
    expect([...form.keys()]).toEqual(['name', 'files', 'files', 'remove_background_noise', 'description', 'labels']);
    expect(form.get('name')).toBe('Narrator');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['take-1.wav', 'take-2.wav']);
    expect(form.get('remove_background_noise')).toBe('false');
    expect(form.get('description')).toBe('Our narrator');
    expect(JSON.parse(String(form.get('labels')))).toEqual({ accent: 'American' });
    const { profile } = result;
    expect(profile).toMatchObject({ engineId: 'elevenlabs:ivc', remoteVoiceId: expect.stringMatching(/^clone/), data: { vendor: 'elevenlabs', name: 'Narrator', requiresVerification: false } });
    const seconds = (await probeMedia(first)).durationSeconds! + (await probeMedia(second)).durationSeconds!;
    expect(result.speechSeconds).toBeCloseTo(seconds, 1);
    expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'other', message: expect.stringMatching(/recommends at least a minute/) }));

    const tts = createElevenLabsSpeech(settings());
    expect((await tts.listVoices()).map((voice) => voice.id)).toContain(profile.remoteVoiceId);
    await tts.doSynthesize({ text: 'Now in my own voice.', voice: profile.remoteVoiceId!, outputFile: out('own.wav') });

    await profiler.deleteRemoteVoice(profile.remoteVoiceId!);
    expect([server.requests.at(-1)!.method, server.requests.at(-1)!.path]).toEqual(['DELETE', `/v1/voices/${profile.remoteVoiceId}`]);
    expect(server.voices().map((voice) => voice.voice_id)).not.toContain(profile.remoteVoiceId);
    await profiler.deleteRemoteVoice(profile.remoteVoiceId!); // gone already: fine
    // A 400 counts as gone by the vendor's code only (`voice_does_not_exist`), not any 400.
    server.failNext({ status: 400, body: { detail: { status: 'voice_does_not_exist', message: 'The voice does not exist.' } } });
    await profiler.deleteRemoteVoice(profile.remoteVoiceId!);
    server.failNext({ status: 400, body: { detail: { status: 'invalid_voice_id', message: 'voice_does_not_exist is not this answer.' } } });
    await expect(profiler.deleteRemoteVoice(profile.remoteVoiceId!)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(tts.doSynthesize({ text: 'Gone.', voice: profile.remoteVoiceId!, outputFile: out('gone.wav') })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/voice_not_found/) });
  });

  it('maps errors: bad key → auth, exhausted quota → not retryable, 429/5xx → retryable, 422/400 → input with the vendor message', async () => {
    const wrong = createElevenLabsSpeech({ apiKey: 'xi-wrong-key-must-not-leak', baseUrl: server.url });
    const unauthorized = await wrong.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') }).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(EngineAuthError);
    expect(unauthorized).toMatchObject({ isRetryable: false, message: expect.stringMatching(/HTTP 401.*invalid_api_key: Invalid API key: \*\*\*/) });
    expect((unauthorized as Error).message).not.toContain('xi-wrong-key');

    const tts = createElevenLabsSpeech(settings());
    server.failNext({ status: 401, body: { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota of 10000. You have 0 credits remaining.' } } });
    const quota = await tts.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') }).catch((error: unknown) => error);
    expect(quota).toBeInstanceOf(EngineFailedError);
    expect(quota).toMatchObject({ isRetryable: false, message: expect.stringMatching(/quota_exceeded.*no credits left/) });

    server.failNext({ status: 429, body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } } });
    await expect(tts.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') })).rejects.toMatchObject({ code: 'engine-failed', isRetryable: true, message: expect.stringMatching(/too_many_concurrent_requests/) });
    server.failNext({ status: 500, body: { detail: { status: 'internal_error', message: 'Internal server error.' } } });
    await expect(tts.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') })).rejects.toMatchObject({ isRetryable: true });
    server.failNext({ status: 422, body: { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] } });
    await expect(tts.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') })).rejects.toMatchObject({ code: 'invalid-input', isRetryable: false, message: expect.stringMatching(/body\.text: Field required/) });
    server.failNext({ status: 400, body: { detail: { status: 'max_character_limit_exceeded', message: 'Text is too long.' } } });
    await expect(tts.doSynthesize({ text: 'Hi.', voice: RACHEL, outputFile: out('e.wav') })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/max_character_limit_exceeded: Text is too long\./) });
  });

  it('times out, and ends a request promptly when the signal fires', async () => {
    server.hangNext();
    const slow = createElevenLabsVoiceProfiler({ ...settings(), timeoutMs: 300 });
    await expect(slow.deleteRemoteVoice('whatever')).rejects.toMatchObject({ isRetryable: true, message: expect.stringMatching(/did not answer within 300 ms/) });

    const abandonedBefore = server.abandoned;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await createElevenLabsSpeech(settings()).doSynthesize({ text: LONG_TEXT, voice: RACHEL, outputFile: out('e.wav'), signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineAbortedError);
    // Promptly: the request was abandoned before the server answered it (not awaited, then discarded).
    await vi.waitFor(() => expect(server.abandoned).toBe(abandonedBefore + 1));
  });

  it('never shows the API key in messages, logs or inspected engines', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    try {
      const tts = createElevenLabsSpeech(settings());
      const engines = [tts, createElevenLabsVoiceConverter(settings()), createElevenLabsVoiceProfiler(settings())];
      server.failNext({ status: 401, body: { detail: { status: 'invalid_api_key', message: `Invalid API key ${API_KEY}` } } });
      const error = (await tts.listVoices().catch((caught: unknown) => caught)) as Error;
      const shown = [...engines.flatMap((engine) => [JSON.stringify(engine), inspect(engine, { showHidden: true, depth: 10 })]), error.message, error.stack, inspect(error, { depth: 10 })].join('\n');
      expect(shown).not.toContain(API_KEY);
      for (const spy of spies) for (const call of spy.mock.calls) expect(inspect(call)).not.toContain(API_KEY);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
