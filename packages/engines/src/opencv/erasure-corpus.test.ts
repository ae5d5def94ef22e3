/**
 * Erasure on clips of the subtitle corpus (issue 27's erasure targets), with the masks the finder
 * would give taken from each clip's clean twin (no OCR needed to place them): a panning 9:16 clip,
 * an animated texture, and a still picture with four distractors (logo, shop sign, title card,
 * running timecode). Quality only; the speed is `npm run bench:erasure`'s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPpocr } from '../ppocr/ppocr-text-detector.ts';
import { eraseCorpusClip, twinMasks } from '../testing/erasure-corpus.ts';
import { makeCorpus } from '../testing/subtitle-corpus.ts';
import { createOpencvInpainter } from './opencv-video-inpainter.ts';

const CLIPS = ['mid-9x16-above-centre', 'mid-16x9-yellow-shadow', 'distractors-all-mid'] as const;

describe('opencv:video-inpaint on the subtitle corpus', () => {
  const inpainter = createOpencvInpainter();
  const detector = createPpocr();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'erasure-corpus-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(CLIPS)('%s: no subtitle character left for OCR, the text’s pixels as the clean twin (or the texture kept), distractors and everything outside unchanged', async (name) => {
    const [clip] = await makeCorpus([name]);
    const masks = await twinMasks(clip!);
    expect(masks).toHaveLength(clip!.cues.length);
    const erased = await eraseCorpusClip(clip!, masks, path.join(dir, `${name}.mp4`), { inpainter, detector });
    console.info(`[${name}] ${JSON.stringify(erased.score)} read ${erased.charactersRead}/${erased.charactersShown} ${JSON.stringify(erased.stats)}`);
    expect(erased.missed, JSON.stringify(erased.score)).toEqual([]);
    expect(erased.score.outsidePsnr).toBeGreaterThanOrEqual(45);
  }, 900_000);
});
