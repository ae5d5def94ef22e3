import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineFailedError } from '../engine-errors.ts';
import { createFestival } from '../festival/festival-speech-synthesizer.ts';
import type { EngineDescriptor } from '../registry/engine-registry.ts';
import { remoteEngineDescriptors, remoteEngineSettingsFromEnv } from '../registry/remote-engines.ts';
import { speechRecognizerConformance } from '../testing/conformance/speech-recognizer-conformance.ts';
import { translatorConformance } from '../testing/conformance/translator-conformance.ts';
import { makeLongSpeech } from '../testing/generated-media.ts';
import { startOpenAIChatReplayServer } from '../testing/openai-chat-replay.ts';
import { startOpenAITranscriptionReplayServer } from '../testing/openai-transcription-replay.ts';
import type { ReplayServer } from '../testing/replay-http.ts';
import { checkAnswer, createOpenAIChatTranslator } from './openai-chat-translator.ts';
import { createOpenAITranscription } from './openai-transcription-recognizer.ts';

const API_KEY = 'sk-replay-chat-0123456789SECRET';
/** The replay "model": a fixed zh → en table, and `[es] …` for anything else. */
const TABLE: Record<string, string> = { 你好: 'Hello', 我们走吧: "Let's go", 谢谢你: 'Thank you', 工作台: 'workbench' };
const SPOKEN = 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.';

let chat: ReplayServer;
let transcription: ReplayServer;
beforeAll(async () => {
  chat = await startOpenAIChatReplayServer({
    apiKey: API_KEY,
    translate: (line, request) => {
      const glossed = request.glossary?.find((entry) => line.text.includes(entry.source));
      const text = TABLE[line.text] ?? `[${request.target_language}] ${line.text}`;
      return glossed ? `${text} (${glossed.target})` : text;
    },
  });
  chat.setLatency((request) => (request.body.length > 20_000 ? 5000 : 0));
  transcription = await startOpenAITranscriptionReplayServer({ apiKey: API_KEY, transcript: () => ({ text: SPOKEN, language: 'english' }) });
});
afterAll(async () => {
  await chat.close();
  await transcription.close();
});

/** The descriptor as the registry builds it from env, pointed at a replay server once it runs. */
function descriptorFromEnv<C extends 'translator' | 'speech-recognizer'>(capability: C, env: () => Record<string, string>, id: string): EngineDescriptor<C> {
  const build = (values: Record<string, string>) => remoteEngineDescriptors(remoteEngineSettingsFromEnv(values)).find((entry) => entry.id === id && entry.capability === capability) as EngineDescriptor<C>;
  const template = build({ OPENAI_CHAT_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_TRANSCRIPTION_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: API_KEY });
  return { ...template, load: () => build(env()).load() };
}

translatorConformance({
  descriptor: descriptorFromEnv('translator', () => ({ OPENAI_CHAT_BASE_URL: `${chat.url}/v1`, OPENAI_API_KEY: API_KEY }), 'openai:gpt-4o-mini'),
  samples: [
    { sourceLanguage: 'zh', targetLanguage: 'en', segments: [{ id: 'a', text: '你好', startSeconds: 0, endSeconds: 1, speaker: 'A' }, { id: 'b', text: '我们走吧', maxCharacters: 12 }, { id: 'c', text: '' }] },
  ],
  glossary: { sourceLanguage: 'zh', targetLanguage: 'en', text: '打开工作台', entry: { source: '工作台', target: 'workbench' } },
  unsupportedOptions: [],
  longSegments: Array.from({ length: 30 }, (_, index) => ({ id: `long-${index}`, text: '这是一句很长的台词，需要一些时间来翻译。'.repeat(40) })),
  unsupportedPair: undefined,
});

speechRecognizerConformance({
  descriptor: descriptorFromEnv('speech-recognizer', () => ({ OPENAI_TRANSCRIPTION_BASE_URL: `${transcription.url}/v1`, OPENAI_API_KEY: API_KEY }), 'openai:whisper-1'),
  makeSpeech: async (dir) => {
    const file = path.join(dir, 'speech.wav');
    await createFestival().doSynthesize({ text: SPOKEN, voice: 'cmu_us_slt_arctic_hts', outputFile: file, outputFormat: 'wav', wordTimings: false });
    return { file, text: SPOKEN, language: 'en' };
  },
  makeLongAudio: (dir) => makeLongSpeech(dir, 'long.wav', 60),
});

describe('OpenAI-compatible chat translation', () => {
  const engine = () => createOpenAIChatTranslator({ model: 'gpt-4o-mini', baseUrl: chat.url, apiKey: API_KEY });

  it('sends the lines as JSON with speakers, budgets, glossary and the lines around them, and reads the JSON answer', async () => {
    const result = await engine().doTranslate({
      sourceLanguage: 'zh',
      targetLanguage: 'en',
      context: 'a short drama',
      glossary: [{ source: '工作台', target: 'workbench' }],
      segments: [
        { id: '1', text: '你好', speaker: 'Li', maxCharacters: 10 },
        { id: '2', text: '谢谢你', speaker: 'Wang' },
      ],
    });
    expect(result.segments.map((segment) => segment.text)).toEqual(['Hello', 'Thank you']);
    const request = chat.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = JSON.parse(request.body.toString('utf8'));
    expect(body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    expect(JSON.parse(body.messages[1].content)).toEqual({
      source_language: 'Chinese (Simplified, Mandarin)',
      target_language: 'English',
      context: 'a short drama',
      glossary: [{ source: '工作台', target: 'workbench' }],
      before: [],
      lines: [
        { id: '1', text: '你好', speaker: 'Li', max_characters: 10 },
        { id: '2', text: '谢谢你', speaker: 'Wang' },
      ],
      after: [],
    });
  });

  it('asks again once when the answer breaks the JSON contract, then fails (never a silent gap)', async () => {
    let calls = 0;
    const flaky = await startOpenAIChatReplayServer({ content: () => (calls++ === 0 ? '{"translations":[]}' : undefined) });
    try {
      const result = await createOpenAIChatTranslator({ model: 'gpt-4o-mini', baseUrl: flaky.url }).doTranslate({ sourceLanguage: 'en', targetLanguage: 'es', segments: [{ id: 'x', text: 'Hi' }] });
      expect(result.segments[0]!.text).toBe('[Spanish] Hi');
      expect(flaky.requests).toHaveLength(2);
      expect(JSON.parse(flaky.requests[1]!.body.toString()).messages.at(-1).content).toContain('leaves out x');
    } finally {
      await flaky.close();
    }
    const broken = await startOpenAIChatReplayServer({ content: () => 'Sure! Here is your translation.' });
    try {
      const failure = await createOpenAIChatTranslator({ model: 'gpt-4o-mini', baseUrl: broken.url })
        .doTranslate({ sourceLanguage: 'en', targetLanguage: 'es', segments: [{ id: 'x', text: 'Hi' }] })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(EngineFailedError);
      expect(String((failure as Error).message)).toMatch(/not valid JSON/);
    } finally {
      await broken.close();
    }
  });

  it('checks answers: fenced JSON is read; unknown, repeated, empty or missing ids are problems', () => {
    const batch = [{ id: 'a', text: 'x' }, { id: 'b', text: 'y' }];
    expect(checkAnswer('```json\n{"translations":[{"id":"a","text":"1"},{"id":"b","text":"2"}]}\n```', batch).texts?.get('b')).toBe('2');
    expect(checkAnswer('{"translations":[{"id":"a","text":"1"},{"id":"c","text":"2"}]}', batch).problem).toMatch(/not asked for: c/);
    expect(checkAnswer('{"translations":[{"id":"a","text":"1"},{"id":"a","text":"2"}]}', batch).problem).toMatch(/twice/);
    expect(checkAnswer('{"translations":[{"id":"a","text":" "},{"id":"b","text":"2"}]}', batch).problem).toMatch(/empty/);
    expect(checkAnswer('{"translations":[{"id":"a","text":"1"}]}', batch).problem).toMatch(/leaves out b/);
  });
});

describe('OpenAI-compatible transcription', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-transcribe-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('uploads compact MP3 with verbose_json and word + segment granularities, and maps the language name to a tag', async () => {
    const file = path.join(dir, 'speech.wav');
    await createFestival().doSynthesize({ text: SPOKEN, voice: 'cmu_us_slt_arctic_hts', outputFile: file, outputFormat: 'wav', wordTimings: false });
    const result = await createOpenAITranscription({ model: 'whisper-1', baseUrl: transcription.url, apiKey: API_KEY }).doRecognize({ audioFile: file, language: 'en-US', vocabulary: ['canoe'] });
    expect(result.language).toBe('en');
    expect(result.segments.map((segment) => segment.text)).toEqual(['The birch canoe slid on the smooth planks.', 'Glue the sheet to the dark blue background.']);
    expect(result.segments[0]!.words.map((word) => word.text).slice(0, 3)).toEqual(['The', 'birch', 'canoe']);
    const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': String(transcription.requests.at(-1)!.headers['content-type']) }, body: new Uint8Array(transcription.requests.at(-1)!.body) }).formData();
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.getAll('timestamp_granularities[]')).toEqual(['word', 'segment']);
    expect(form.get('language')).toBe('en');
    expect(form.get('prompt')).toBe('canoe');
    expect((form.get('file') as File).type).toBe('audio/mpeg');
  });
});
