import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavPeakEnvelope } from '../audio/pcm-audio.ts';
import { EngineInputError } from '../engine-errors.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { speechSynthesizerConformance } from '../testing/conformance/speech-synthesizer-conformance.ts';
import { createEspeak } from './espeak-speech-synthesizer.ts';

const descriptor = createLocalEngineRegistry().list('speech-synthesizer').find((entry) => entry.id === 'espeak:espeak-ng')!;

const SENTENCES = [
  { language: 'en', voice: 'en-us', text: 'The quick brown fox jumps over the lazy dog near the river bank.' },
  { language: 'es', voice: 'es', text: 'El rápido zorro marrón salta sobre el perro perezoso junto al río.' },
  { language: 'de', voice: 'de', text: 'Der schnelle braune Fuchs springt über den faulen Hund am Flussufer.' },
  { language: 'fr', voice: 'fr-fr', text: 'Le renard brun rapide saute par-dessus le chien paresseux près de la rivière.' },
];

speechSynthesizerConformance({
  descriptor,
  samples: SENTENCES,
  unsupportedOptions: [{ style: 'cheerful' }, { speed: 4 }, { pitchSemitones: 5 }, { language: 'ja' }],
  longText: 'This sentence is spoken many times so that synthesis takes a while. '.repeat(400),
});

/** The voice ids of the voice library's espeak personas (packages/core/src/voices/voice-library.ts). */
const PERSONA_VOICES = [
  ...['en-us', 'en-gb', 'cmn', 'yue', 'es', 'es-419', 'fr-fr', 'de', 'it', 'pt-br', 'pt', 'ru', 'ko', 'hi', 'ar', 'vi', 'id', 'tr', 'nl', 'pl', 'sv', 'uk', 'el', 'ms'].flatMap((language) => [`${language}+f3`, `${language}+m3`]),
  'en-gb-scotland+m1',
  'en-us+whisperf',
  'en-us+grandpa',
  'en-us+klatt',
];

describe('espeak-ng synthesis (the library, with its word events)', () => {
  const espeak = createEspeak();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-espeak-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const out = (name: string) => path.join(dir, name);
  type Word = Awaited<ReturnType<typeof espeak.doSynthesize>>['words'][number];
  const expectOrderedInside = (words: readonly Word[], durationSeconds: number) => {
    let previousEnd = 0;
    for (const word of words) {
      expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd);
      expect(word.endSeconds).toBeGreaterThan(word.startSeconds);
      expect(word.endSeconds).toBeLessThanOrEqual(durationSeconds);
      previousEnd = word.endSeconds;
    }
  };

  it('gives exact word timings: every word in order, inside the audio, with its span in the text', async () => {
    const text = 'hello world, this is a test';
    const result = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('hello.wav') });
    expect(result.wordTimingsApproximate).toBe(false);
    expect(result.warnings).toEqual([]);
    expect(result.words.map((word) => word.text)).toEqual(['hello', 'world,', 'this', 'is', 'a', 'test']);
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
    expectOrderedInside(result.words, result.audio.durationSeconds);
    expect(result.words[0]!.startSeconds).toBe(0);
    // The comma's pause lies between "world," and "this"; the last word ends with the sound, before the closing pause.
    expect(result.words[2]!.startSeconds - result.words[1]!.endSeconds).toBeGreaterThan(0.05);
    expect(result.words.at(-1)!.endSeconds).toBeGreaterThan(result.audio.durationSeconds - 0.4);
    expect(result.words.at(-1)!.endSeconds).toBeLessThan(result.audio.durationSeconds - 0.1);
    expect((await probeMedia(result.audio.file)).durationSeconds).toBeCloseTo(result.audio.durationSeconds, 1);
  });

  it.each(SENTENCES)('says a sentence in $language with a sensible duration and one timing per word', async ({ voice, text }) => {
    const result = await espeak.doSynthesize({ text, voice, outputFile: out(`${voice}.wav`) });
    const info = await probeMedia(result.audio.file);
    // 11–13 words at ~175 words per minute: about 3–5 s.
    expect(info.durationSeconds).toBeGreaterThan(2);
    expect(info.durationSeconds).toBeLessThan(8);
    expect(info.audio?.sampleRate).toBe(22050);
    expect(result.words.map((word) => word.text).join(' ')).toBe(text);
    expect(result.wordTimingsApproximate).toBe(false);
    expectOrderedInside(result.words, result.audio.durationSeconds);
  });

  it('shows an SSML break as a pause between the words around it, with spans into the markup', async () => {
    const text = '<speak>alpha bravo <break time="1s"/> charlie &amp; delta</speak>';
    const result = await espeak.doSynthesize({ text, textFormat: 'ssml', voice: 'en-us', outputFile: out('ssml.wav') });
    expect(result.words.map((word) => word.text)).toEqual(['alpha', 'bravo', 'charlie', '&amp;', 'delta']);
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
    const [alpha, bravo, charlie] = result.words as [Word, Word, Word];
    expect(charlie.startSeconds - bravo.endSeconds).toBeGreaterThanOrEqual(0.9);
    expect(bravo.startSeconds - alpha.endSeconds).toBeLessThan(0.1);
    expectOrderedInside(result.words, result.audio.durationSeconds);
  });

  it('reads plain text as text: markup characters are escaped and offsets stay on the input', async () => {
    const text = 'Fish & chips <cheap> today';
    const result = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('plain.wav') });
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
    expect(result.words.map((word) => word.text)).toEqual(expect.arrayContaining(['Fish', 'chips', 'today']));
  });

  it('uses speed: double speed gives roughly half the duration', async () => {
    const text = SENTENCES[0]!.text;
    const normal = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('normal.wav'), wordTimings: false });
    const fast = await espeak.doSynthesize({ text, voice: 'en-us', speed: 2, outputFile: out('fast.wav'), wordTimings: false });
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeGreaterThan(0.35);
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeLessThan(0.7);
    expect(fast.warnings).toEqual([]);
    expect(normal.words).toEqual([]);
  });

  it('uses volume and pitch, clamping with warnings', async () => {
    const text = 'Testing the volume.';
    const quiet = await espeak.doSynthesize({ text, voice: 'en-us', volume: 0.25, outputFile: out('quiet.wav') });
    const loud = await espeak.doSynthesize({ text, voice: 'en-us', volume: 5, pitchSemitones: 20, outputFile: out('loud.wav') });
    expect(quiet.warnings).toEqual([]);
    expect(loud.warnings.map((warning) => 'option' in warning && warning.option)).toEqual(['pitchSemitones', 'volume']);
    const peak = async (file: string) => Math.max(...wavPeakEnvelope(await readFile(file)).peaks);
    expect(await peak(loud.audio.file)).toBeGreaterThan(2 * (await peak(quiet.audio.file)));
  });

  it('speaks with a voice variant and lists variants with their gender', async () => {
    const variants = await espeak.listVariants();
    expect(variants.length).toBeGreaterThan(50);
    expect(variants.find((variant) => variant.id === 'f3')?.gender).toBe('female');
    const result = await espeak.doSynthesize({ text: 'Hello there.', voice: 'en-us+f3', outputFile: out('f3.wav') });
    expect(result.response.voice).toBe('en-us+f3');
    await expect(espeak.doSynthesize({ text: 'Hello there.', voice: 'en-us+nobody', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
  });

  it('has every voice and variant of the voice library', async () => {
    for (const voice of PERSONA_VOICES) {
      const result = await espeak.doSynthesize({ text: 'OK', voice, outputFile: out('persona.wav'), wordTimings: false });
      expect(result.audio.durationSeconds, voice).toBeGreaterThan(0.1);
    }
  });

  it('lists about 140 languages including Mandarin, Cantonese, Japanese and Korean', async () => {
    const voices = await espeak.listVoices();
    expect(voices.length).toBeGreaterThan(130);
    const ids = voices.map((voice) => voice.id);
    for (const id of ['cmn-latn-pinyin', 'yue', 'yue-latn-jyutping', 'ja', 'ko', 'en-gb', 'es', 'fr-fr', 'de', 'chr-US-Qaaa-x-west']) expect(ids).toContain(id);
    expect(voices.find((voice) => voice.id === 'en-gb')?.languages).toContain('en');
    expect(voices.find((voice) => voice.id === 'cmn-latn-pinyin')?.languages).toContain('zh');
  });

  it('speaks Mandarin through cmn-latn-pinyin with one timing per Hanzi, replacing the cmn voice with a warning', async () => {
    const text = '今天天气很好。';
    const result = await espeak.doSynthesize({ text, voice: 'cmn', outputFile: out('cmn.wav') });
    expect(result.response.voice).toBe('cmn-latn-pinyin');
    expect(result.warnings.some((warning) => warning.type === 'approximated-option' && warning.option === 'voice')).toBe(true);
    expect(result.words.map((word) => word.text)).toEqual(['今', '天', '天', '气', '很', '好。']);
    expect(result.words.map((word) => [word.charStart, word.charEnd])).toEqual([[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 7]]);
    expectOrderedInside(result.words, result.audio.durationSeconds);
    expect(result.audio.durationSeconds).toBeGreaterThan(1);
  });

  it('times a Chinese number as one word and English words in Chinese text on their own', async () => {
    const text = '我买了120个苹果，学习English吧。';
    const result = await espeak.doSynthesize({ text, voice: 'cmn-latn-pinyin+f3', outputFile: out('mixed.wav') });
    expect(result.words.map((word) => word.text)).toEqual(['我', '买', '了', '120', '个', '苹', '果，', '学', '习', 'English', '吧。']);
    for (const word of result.words) expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
    const durations = result.words.map((word) => word.endSeconds - word.startSeconds);
    // yi4 bai3 er4 shi2: the longest word.
    expect(Math.max(...durations)).toBe(durations[3]);
    expectOrderedInside(result.words, result.audio.durationSeconds);
  });

  it('converts the Hanzi of SSML between its tags, keeping spans in the markup', async () => {
    const text = '<speak>你好<break time="1s"/>世界</speak>';
    const result = await espeak.doSynthesize({ text, textFormat: 'ssml', voice: 'cmn-latn-pinyin', outputFile: out('cmn-ssml.wav') });
    expect(result.words.map((word) => text.slice(word.charStart, word.charEnd))).toEqual(['你', '好', '世', '界']);
    expect(result.words[2]!.startSeconds - result.words[1]!.endSeconds).toBeGreaterThanOrEqual(0.9);
  });

  it('passes Hanzi through a configured pinyin converter, matching its syllables to the Hanzi in order', async () => {
    const seen: string[] = [];
    const withConverter = createEspeak({ hanziToPinyin: (text) => (seen.push(text), 'yin2 hang2') });
    const result = await withConverter.doSynthesize({ text: '银行', voice: 'cmn-latn-pinyin', outputFile: out('pinyin.wav') });
    expect(seen).toEqual(['银行']);
    expect(result.words.map((word) => word.text)).toEqual(['银', '行']);
  });

  it('writes mp3 when asked', async () => {
    const result = await espeak.doSynthesize({ text: 'Compressed output.', voice: 'en-us', outputFile: out('speech.mp3'), outputFormat: 'mp3' });
    const info = await probeMedia(result.audio.file);
    expect(info.audio?.codec).toBe('mp3');
    expect(result.audio.format).toBe('mp3');
    expect(Math.abs((info.durationSeconds ?? 0) - result.audio.durationSeconds)).toBeLessThan(0.1);
  });

  it('times a number espeak-ng reads as several words as one word', async () => {
    const text = 'I bought 1234 apples, and pears.';
    const result = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('numbers.wav') });
    expect(result.words.map((word) => word.text)).toEqual(['I', 'bought', '1234', 'apples,', 'and', 'pears.']);
    // "one thousand two hundred and thirty four" is the longest stretch of the sentence.
    const durations = result.words.map((word) => word.endSeconds - word.startSeconds);
    expect(Math.max(...durations)).toBe(durations[2]);
    // The comma's pause lies between "apples," and "and".
    expect(result.words[4]!.startSeconds - result.words[3]!.endSeconds).toBeGreaterThan(0.05);
  });

  it('warns about espeak options it does not know, and honours wordGap (as breaks, with timings)', async () => {
    const gapped = await espeak.doSynthesize({ text: 'one two three', voice: 'en-us', outputFile: out('gap.wav'), providerOptions: { espeak: { wordGap: 30, colour: 'blue' }, openai: { voice: 'alloy' } } });
    const plain = await espeak.doSynthesize({ text: 'one two three', voice: 'en-us', outputFile: out('nogap.wav'), wordTimings: false });
    expect(gapped.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-option', option: 'providerOptions.espeak.colour' }));
    expect(gapped.warnings).toContainEqual(expect.objectContaining({ type: 'approximated-option', option: 'providerOptions.espeak.wordGap' }));
    expect(gapped.audio.durationSeconds - plain.audio.durationSeconds).toBeGreaterThan(0.4);
    expect(gapped.words.map((word) => word.text)).toEqual(['one', 'two', 'three']);
    expect(gapped.words[1]!.startSeconds - gapped.words[0]!.endSeconds).toBeGreaterThan(0.25);
  });

  it('drops an aborted request that is still queued, and discards one in progress', async () => {
    const long = 'This sentence is spoken many times so that synthesis takes a while. '.repeat(200);
    const first = new AbortController();
    const second = new AbortController();
    const inProgress = espeak.doSynthesize({ text: long, voice: 'en-us', outputFile: out('long.wav'), signal: first.signal });
    const queued = espeak.doSynthesize({ text: long, voice: 'en-us', outputFile: out('queued.wav'), signal: second.signal });
    const after = espeak.doSynthesize({ text: 'Still working.', voice: 'en-us', outputFile: out('after.wav') });
    second.abort();
    setTimeout(() => first.abort(), 50);
    await expect(queued).rejects.toMatchObject({ code: 'aborted' });
    await expect(inProgress).rejects.toMatchObject({ code: 'aborted' });
    const result = await after;
    expect(result.words.map((word) => word.text)).toEqual(['Still', 'working.']);
  });

  it('rejects bad options with a typed error naming the field', async () => {
    await expect(espeak.doSynthesize({ text: 'x', voice: 'en-us', outputFile: out('x.wav'), providerOptions: { espeak: { wordGap: -1 } } })).rejects.toThrow(/providerOptions.espeak/);
    await expect(espeak.doSynthesize({ text: 'x', voice: 'en-us', outputFile: '' })).rejects.toThrow(/outputFile/);
  });
});
