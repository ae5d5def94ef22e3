/**
 * Acceptance of issue 7, kept as a regression check: the local English voices are intelligible
 * (packages/engines/src/testing/intelligibility.ts says how it is measured). Every voice speaks
 * three of the sentences and must be heard; the best voice of decision 016 (festival kal, 3.9 %)
 * speaks all twelve and must stay at or below 10 % WER. The table
 * for every voice on all twelve sentences is `npm run bench:intelligibility` (a heavy figure: about
 * two minutes of pocketsphinx, which CI no longer pays).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalEngineRegistry, type SpeechRecognizer } from '@voxwork/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTELLIGIBILITY_SENTENCES, INTELLIGIBILITY_VOICES, intelligibilityTable, measureIntelligibility } from '../../packages/engines/src/testing/intelligibility.ts';

const BEST_VOICES = new Set(['festival kal (diphone)']);

describe('local English voices are intelligible (pocketsphinx word error rate)', () => {
  const registry = createLocalEngineRegistry();
  let dir: string;
  let recognizer: SpeechRecognizer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-intelligibility-'));
    recognizer = await registry.load('pocketsphinx:en-us', 'speech-recognizer');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('every voice is heard; the best is at or below 10 % WER on twelve sentences', { timeout: 600_000 }, async () => {
    const rows = [];
    for (const voice of INTELLIGIBILITY_VOICES) {
      const best = BEST_VOICES.has(voice.label);
      rows.push({ best, row: await measureIntelligibility(registry, recognizer, voice, dir, best ? INTELLIGIBILITY_SENTENCES : INTELLIGIBILITY_SENTENCES.slice(0, 3)) });
    }
    console.info(intelligibilityTable(rows.filter(({ best }) => best).map(({ row }) => row), INTELLIGIBILITY_SENTENCES.length));

    for (const { best, row } of rows) {
      expect(row.audioSeconds, row.label).toBeGreaterThan(best ? 15 : 4);
      expect(row.heard.length, `${row.label} was heard at all`).toBeGreaterThan(0);
    }
    expect(Math.min(...rows.filter(({ best }) => best).map(({ row }) => row.wer.rate))).toBeLessThanOrEqual(0.1);
  });
});
