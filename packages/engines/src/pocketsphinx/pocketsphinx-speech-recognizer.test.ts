import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineAbortedError } from '../engine-errors.ts';
import { createFestival } from '../festival/festival-speech-synthesizer.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { liveDescendants } from '../testing/child-processes.ts';
import { speechRecognizerConformance } from '../testing/conformance/speech-recognizer-conformance.ts';
import { makeLongSpeech } from '../testing/generated-media.ts';
import { wordErrorRate } from '../testing/word-error-rate.ts';
import { parsePocketsphinxOutput } from './pocketsphinx-output.ts';
import { createPocketsphinx } from './pocketsphinx-speech-recognizer.ts';

const descriptor = createLocalEngineRegistry().list('speech-recognizer').find((entry) => entry.id === 'pocketsphinx:en-us')!;
const festival = createFestival();

async function festivalSpeech(dir: string, name: string, text: string, outputFormat: 'wav' | 'mp3' = 'wav') {
  const file = path.join(dir, name);
  await festival.doSynthesize({ text, voice: 'cmu_us_slt_arctic_hts', outputFile: file, outputFormat, wordTimings: false });
  return file;
}

speechRecognizerConformance({
  descriptor,
  makeSpeech: async (dir) => {
    const text = 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.';
    return { file: await festivalSpeech(dir, 'speech.wav', text), text, language: 'en' };
  },
  makeLongAudio: (dir) => makeLongSpeech(dir, 'long.wav', 60),
});

describe('pocketsphinx recognition', () => {
  const recognizer = createPocketsphinx();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-pocketsphinx-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads utterances, words, times and confidences, dropping fillers and pronunciation numbers', () => {
    const stdout = ['hello world', '<s> 0.130 0.200 0.999400', 'hello(2) 0.210 0.550 0.802980', '<sil> 0.910 1.090 0.830505', 'world 0.560 0.900 1.000300', '[NOISE] 1 1.2 0.9', '</s> 2.210 2.440 1.000000', '', 'test', 'test 4.710 5.010 0.932386', ''].join('\n');
    expect(parsePocketsphinxOutput(stdout)).toEqual([
      {
        text: 'hello world',
        startSeconds: 0.21,
        endSeconds: 0.9,
        speaker: undefined,
        words: [
          { text: 'hello', startSeconds: 0.21, endSeconds: 0.55, confidence: 0.80298 },
          { text: 'world', startSeconds: 0.56, endSeconds: 0.9, confidence: 1 },
        ],
      },
      { text: 'test', startSeconds: 4.71, endSeconds: 5.01, speaker: undefined, words: [{ text: 'test', startSeconds: 4.71, endSeconds: 5.01, confidence: 0.932386 }] },
    ]);
  });

  it('transcribes festival speech from an mp3 (resampled to 16 kHz mono) with timed words', async () => {
    const text = 'The boy was there when the sun rose. A rod is used to catch pink salmon.';
    const file = await festivalSpeech(dir, 'speech.mp3', text, 'mp3');
    const result = await recognizer.doRecognize({ audioFile: file, language: 'en-us' });
    const heard = result.segments.map((segment) => segment.text).join(' ');
    expect(wordErrorRate(text, heard).rate).toBeLessThan(0.25);
    expect(result.language).toBe('en-us');
    expect(result.warnings).toEqual([]);
    expect(result.segments.flatMap((segment) => segment.words).every((word) => word.endSeconds > word.startSeconds)).toBe(true);
  });

  it('warns for languages other than English and for vocabulary hints', async () => {
    const file = await festivalSpeech(dir, 'short.wav', 'Hello there.');
    const result = await recognizer.doRecognize({ audioFile: file, language: 'zh', vocabulary: ['Voxwork'] });
    expect(result.warnings.map((warning) => ('option' in warning ? warning.option : ''))).toEqual(['language', 'vocabulary']);
  });

  it('kills pocketsphinx on a cancel', async () => {
    const file = await makeLongSpeech(dir, 'long.wav', 120);
    const controller = new AbortController();
    const pending = recognizer.doRecognize({ audioFile: file, signal: controller.signal });
    setTimeout(() => controller.abort(), 1_000);
    await expect(pending).rejects.toBeInstanceOf(EngineAbortedError);
    // Killed, not left to finish: the 120 s recording would take about the test's time limit, and
    // nothing of this process still reads it (a cancel that only stopped waiting would leave it).
    expect((await liveDescendants()).filter((child) => child.name.startsWith('pocketsphinx') || child.args.some((arg) => arg.includes(file)))).toEqual([]);
  });
});
