import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../engine-errors.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { speechSynthesizerConformance } from '../testing/conformance.ts';
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

describe('espeak-ng synthesis', () => {
  const espeak = createEspeak();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-espeak-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const out = (name: string) => path.join(dir, name);

  it.each(SENTENCES)('says a sentence in $language with a sensible duration and one timing per word', async ({ voice, text }) => {
    const result = await espeak.doSynthesize({ text, voice, outputFile: out(`${voice}.wav`) });
    const info = await probeMedia(result.audio.file);
    // 11–13 words at ~175 words per minute: about 3–5 s.
    expect(info.durationSeconds).toBeGreaterThan(2);
    expect(info.durationSeconds).toBeLessThan(8);
    expect(info.audio?.sampleRate).toBe(22050);
    expect(result.words.map((word) => word.text).join(' ')).toBe(text);
    expect(result.wordTimingsApproximate).toBe(true);
    // Speech begins near the start and the last word ends near the end of the audio.
    expect(result.words[0]!.startSeconds).toBeLessThan(0.2);
    expect(result.words.at(-1)!.endSeconds).toBeGreaterThan(result.audio.durationSeconds - 0.6);
  });

  it('places words at the pauses of the real audio (SSML breaks of known length)', async () => {
    const text = '<speak>alpha <break time="800ms"/> bravo <break time="800ms"/> charlie delta</speak>';
    const result = await espeak.doSynthesize({ text, textFormat: 'ssml', voice: 'en-us', outputFile: out('ssml.wav') });
    expect(result.words.map((word) => word.text)).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    const [alpha, bravo, charlie, delta] = result.words as [typeof result.words[0], typeof result.words[0], typeof result.words[0], typeof result.words[0]];
    // Each break leaves at least 0.7 s between the words around it; charlie and delta run together.
    expect(bravo.startSeconds - alpha.endSeconds).toBeGreaterThan(0.7);
    expect(charlie.startSeconds - bravo.endSeconds).toBeGreaterThan(0.7);
    expect(delta.startSeconds - charlie.endSeconds).toBeLessThan(0.15);
    expect(text.slice(bravo.charStart, bravo.charEnd)).toBe('bravo');
  });

  it('uses speed: double speed gives roughly half the duration', async () => {
    const text = SENTENCES[0]!.text;
    const normal = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('normal.wav'), wordTimings: false });
    const fast = await espeak.doSynthesize({ text, voice: 'en-us', speed: 2, outputFile: out('fast.wav'), wordTimings: false });
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeGreaterThan(0.35);
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeLessThan(0.7);
    expect(fast.warnings).toEqual([]);
  });

  it('speaks with a voice variant and lists variants with their gender', async () => {
    const variants = await espeak.listVariants();
    expect(variants.length).toBeGreaterThan(50);
    expect(variants.find((variant) => variant.id === 'f3')?.gender).toBe('female');
    const result = await espeak.doSynthesize({ text: 'Hello there.', voice: 'en-us+f3', outputFile: out('f3.wav') });
    expect(result.response.voice).toBe('en-us+f3');
    await expect(espeak.doSynthesize({ text: 'Hello there.', voice: 'en-us+nobody', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
  });

  it('lists about a hundred languages including Mandarin, Cantonese, Japanese and Korean', async () => {
    const voices = await espeak.listVoices();
    expect(voices.length).toBeGreaterThan(100);
    const ids = voices.map((voice) => voice.id);
    for (const id of ['cmn-latn-pinyin', 'yue', 'ja', 'ko', 'en-gb', 'es', 'fr-fr', 'de']) expect(ids).toContain(id);
    expect(voices.find((voice) => voice.id === 'en-gb')?.languages).toContain('en');
    expect(voices.find((voice) => voice.id === 'cmn-latn-pinyin')?.languages).toContain('zh');
  });

  it('speaks Mandarin through cmn-latn-pinyin (pinyin-pro by default), replacing the broken cmn voice with a warning', async () => {
    const result = await espeak.doSynthesize({ text: '今天天气很好。', voice: 'cmn', outputFile: out('cmn.wav') });
    expect(result.response.voice).toBe('cmn-latn-pinyin');
    expect(result.warnings.some((warning) => warning.type === 'approximated-option' && warning.option === 'voice')).toBe(true);
    expect(result.warnings.some((warning) => warning.type === 'approximate-output' && warning.output === 'audio')).toBe(false);
    expect(result.words.map((word) => word.text)).toEqual(['今', '天', '天', '气', '很', '好。']);
    expect(result.audio.durationSeconds).toBeGreaterThan(1);
  });

  it('passes Hanzi through a configured pinyin converter', async () => {
    const seen: string[] = [];
    const withConverter = createEspeak({ hanziToPinyin: (text) => (seen.push(text), 'yin2 hang2') });
    const result = await withConverter.doSynthesize({ text: '银行', voice: 'cmn-latn-pinyin', outputFile: out('pinyin.wav') });
    expect(seen).toEqual(['银行']);
    expect(result.warnings.some((warning) => warning.type === 'approximate-output' && warning.output === 'audio')).toBe(false);
    expect(result.words).toHaveLength(2);
  });

  it('writes mp3 when asked', async () => {
    const result = await espeak.doSynthesize({ text: 'Compressed output.', voice: 'en-us', outputFile: out('speech.mp3'), outputFormat: 'mp3' });
    const info = await probeMedia(result.audio.file);
    expect(info.audio?.codec).toBe('mp3');
    expect(result.audio.format).toBe('mp3');
  });

  it('matches words to sounds when espeak-ng reads a number as several words', async () => {
    const text = 'I bought 1234 apples, and pears.';
    const result = await espeak.doSynthesize({ text, voice: 'en-us', outputFile: out('numbers.wav') });
    expect(result.words.map((word) => word.text)).toEqual(['I', 'bought', '1234', 'apples,', 'and', 'pears.']);
    expect(result.warnings.some((warning) => warning.type === 'approximate-output' && /some words/.test(warning.details))).toBe(true);
    // "one thousand two hundred and thirty four" is the longest stretch of the sentence.
    const durations = result.words.map((word) => word.endSeconds - word.startSeconds);
    expect(Math.max(...durations)).toBe(durations[2]);
    // The comma's pause lies between "apples," and "and".
    expect(result.words[4]!.startSeconds - result.words[3]!.endSeconds).toBeGreaterThan(0.05);
  });

  it('warns about espeak options it does not know, and honours wordGap', async () => {
    const gapped = await espeak.doSynthesize({ text: 'one two three', voice: 'en-us', outputFile: out('gap.wav'), providerOptions: { espeak: { wordGap: 30, colour: 'blue' }, openai: { voice: 'alloy' } } });
    const plain = await espeak.doSynthesize({ text: 'one two three', voice: 'en-us', outputFile: out('nogap.wav'), wordTimings: false });
    expect(gapped.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-option', option: 'providerOptions.espeak.colour' }));
    expect(gapped.audio.durationSeconds - plain.audio.durationSeconds).toBeGreaterThan(0.4);
  });

  it('rejects bad options with a typed error naming the field', async () => {
    await expect(espeak.doSynthesize({ text: 'x', voice: 'en-us', outputFile: out('x.wav'), providerOptions: { espeak: { wordGap: -1 } } })).rejects.toThrow(/providerOptions.espeak/);
    await expect(espeak.doSynthesize({ text: 'x', voice: 'en-us', outputFile: '' })).rejects.toThrow(/outputFile/);
  });
});
