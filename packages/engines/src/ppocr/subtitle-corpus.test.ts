/**
 * The subtitle finder on a fast subset of the generated corpus (issue 27): subtitles mid-frame in
 * both orientations, yellow with a shadow, in a box, Chinese over English, among distractors
 * (timecode, logo, shop sign, title card), and a clip without subtitles. Targets as bench:ocr's:
 * ≥ 95 % of characters, the exact cue count, starts and ends within 0.2 s, no distractor cue.
 */
import { describe, expect, it } from 'vitest';
import { FAST_SUBSET, makeCorpus, scoreCorpusClip } from '../testing/subtitle-corpus.ts';
import { createPpocr } from './ppocr-text-detector.ts';

describe('subtitle tracks found by behaviour on the corpus', () => {
  const engine = createPpocr();

  it.each(FAST_SUBSET)('%s: every cue read whole and timed, nothing else', async (name) => {
    const [clip] = await makeCorpus([name]);
    const result = await engine.doDetect({ input: { videoFile: clip!.file }, languages: ['zh', 'en'] });
    const score = scoreCorpusClip(clip!, result.boxes);
    const report = `${name}\n${score.report}\ntracks ${JSON.stringify(result.subtitleTracks)}`;
    expect(score.cuesFound, report).toBe(score.cuesMade);
    expect(score.characterAccuracy, report).toBeGreaterThanOrEqual(0.95);
    expect(score.worstStartError, report).toBeLessThanOrEqual(0.2);
    expect(score.worstEndError, report).toBeLessThanOrEqual(0.2);
    expect(score.distractorCues, report).toBe(0);
    if (clip!.cues.length === 0) {
      expect(result.subtitleBand, 'no subtitles: no band').toBeUndefined();
      expect(result.subtitleTracks).toEqual([]);
    } else {
      const chosen = result.subtitleTracks!.filter((track) => track.chosen);
      expect(chosen.length, report).toBe(clip!.row.script === 'zh+en' || clip!.row.script === 'zh-2rows' ? 2 : 1);
      // The chosen track is where the subtitles are (their centre, as a share of the picture's height).
      const centre = chosen.reduce((sum, track) => sum + track.box.y + track.box.height / 2, 0) / chosen.length / clip!.height;
      expect(Math.abs(centre - clip!.row.centre), report).toBeLessThan(0.06);
    }
  }, 300_000);
});
