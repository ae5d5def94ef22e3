import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineAbortedError, EngineInputError } from '../engine-errors.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { liveDescendants } from '../testing/child-processes.ts';
import { speechSynthesizerConformance } from '../testing/conformance/speech-synthesizer-conformance.ts';
import { createFlite } from './flite-speech-synthesizer.ts';

const descriptor = createLocalEngineRegistry().list('speech-synthesizer').find((entry) => entry.id === 'flite:flite')!;

speechSynthesizerConformance({
  descriptor,
  samples: [
    { language: 'en', voice: 'slt', text: 'The birch canoe slid on the smooth planks.' },
    { language: 'en-gb-scotland', voice: 'awb', text: 'Glue the sheet to the dark blue background.' },
  ],
  unsupportedOptions: [{ style: 'cheerful' }, { speed: 4 }, { pitchSemitones: 20 }, { language: 'zh' }, { textFormat: 'ssml' }],
  longText: 'This sentence is spoken many times so that synthesis takes a while. '.repeat(400),
});

describe('flite synthesis', () => {
  const flite = createFlite();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-flite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const out = (name: string) => path.join(dir, name);

  it('lists the five general voices, SLT first', async () => {
    const voices = await flite.listVoices();
    expect(voices.map((voice) => voice.id)).toEqual(['slt', 'rms', 'awb', 'kal16', 'kal']);
    expect(voices[0]).toMatchObject({ gender: 'female', languages: ['en-us', 'en'] });
  });

  it.each(['slt', 'kal'])('word times of %s come from its phones: monotonic, inside the audio, on the input words', async (voice) => {
    const text = 'Hello world, this is a test. It costs $5 -- Dr. Smith read 1,234 words!\n\nA second paragraph.';
    const result = await flite.doSynthesize({ text, voice, outputFile: out(`${voice}.wav`) });
    expect(result.wordTimingsApproximate).toBe(false);
    expect(result.words.map((word) => word.text)).toEqual(['Hello', 'world,', 'this', 'is', 'a', 'test.', 'It', 'costs', '$5', 'Dr.', 'Smith', 'read', '1,234', 'words!', 'A', 'second', 'paragraph.']);
    let previousEnd = 0;
    for (const word of result.words) {
      expect(text.slice(word.charStart, word.charEnd)).toBe(word.text);
      expect(word.startSeconds).toBeGreaterThanOrEqual(previousEnd - 1e-9);
      expect(word.endSeconds).toBeGreaterThan(word.startSeconds);
      previousEnd = word.endSeconds;
    }
    expect(previousEnd).toBeLessThanOrEqual(result.audio.durationSeconds);
    expect(previousEnd).toBeGreaterThan(result.audio.durationSeconds - 0.5);
    const duration = (index: number) => result.words[index]!.endSeconds - result.words[index]!.startSeconds;
    // "one thousand two hundred thirty four" is the longest; the paragraph break is a pause.
    expect(duration(12)).toBe(Math.max(...result.words.map((_, index) => duration(index))));
    expect(result.words[14]!.startSeconds - result.words[13]!.endSeconds).toBeGreaterThan(0.1);
  });

  it('changes the rate with duration_stretch and shifts pitch without changing the length', async () => {
    const text = 'This is a test of the speaking rate.';
    const normal = await flite.doSynthesize({ text, voice: 'slt', outputFile: out('n.wav') });
    const fast = await flite.doSynthesize({ text, voice: 'slt', speed: 2, outputFile: out('f.wav') });
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeGreaterThan(0.4);
    expect(fast.audio.durationSeconds / normal.audio.durationSeconds).toBeLessThan(0.65);
    expect(fast.words.at(-1)!.endSeconds).toBeLessThan(normal.words.at(-1)!.endSeconds * 0.7);
    const low = await flite.doSynthesize({ text, voice: 'slt', pitchSemitones: -3, volume: 1.5, outputFile: out('low.flac'), outputFormat: 'flac' });
    expect(Math.abs(low.audio.durationSeconds - normal.audio.durationSeconds)).toBeLessThan(0.05);
    expect(low.warnings).toEqual([]);
  });

  it('kills flite on a cancel', async () => {
    const controller = new AbortController();
    const pending = flite.doSynthesize({ text: 'A long text that keeps flite busy for a while. '.repeat(3000), voice: 'slt', outputFile: out('cancel.wav'), signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(pending).rejects.toBeInstanceOf(EngineAbortedError);
    // Killed, not left to finish: the 140,000 characters would outlast the test's time limit, and
    // no flite of this process still runs (a cancel that only stopped waiting would leave it).
    expect((await liveDescendants()).filter((child) => child.name === 'flite')).toEqual([]);
  });

  it('refuses unknown voices (never a path flite would load) and text with nothing to say', async () => {
    await expect(flite.doSynthesize({ text: 'Hello.', voice: 'awb_time', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(flite.doSynthesize({ text: 'Hello.', voice: '/tmp/evil.flitevox', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(flite.doSynthesize({ text: '你好', voice: 'slt', outputFile: out('x.wav') })).rejects.toBeInstanceOf(EngineInputError);
  });
});
