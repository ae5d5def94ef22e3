/**
 * The subtitle finder on a fast subset of the generated corpus (issue 27): subtitles mid-frame in
 * both orientations, yellow with a shadow, in a box, Chinese over English, among distractors
 * (timecode, logo, shop sign, title card), and a clip without subtitles. Targets as bench:ocr's:
 * ≥ 95 % of characters, the exact cue count, starts and ends within 0.2 s, no distractor cue.
 * Chinese over English is two tracks (decision 070): each meets the targets on its own, with its language.
 */
import { describe, expect, it } from 'vitest';
import { FAST_SUBSET, makeCorpus, scoreCorpusClip, type CorpusScore } from '../testing/subtitle-corpus.ts';
import { createPpocr } from './ppocr-text-detector.ts';

function expectTargets(score: CorpusScore, report: string) {
  expect(score.cuesFound, report).toBe(score.cuesMade);
  expect(score.characterAccuracy, report).toBeGreaterThanOrEqual(0.95);
  expect(score.worstStartError, report).toBeLessThanOrEqual(0.2);
  expect(score.worstEndError, report).toBeLessThanOrEqual(0.2);
  expect(score.distractorCues, report).toBe(0);
}

describe('subtitle tracks found by behaviour on the corpus', () => {
  const engine = createPpocr();
  /**
   * Each clip read once for the whole file (decision 104): the finder is deterministic, and
   * bilingual-bottom was read three times the same way (the fast subset, the two tracks, and the
   * first reading before a track is picked), each reading most of its case's CPU. Each case still
   * checks its own things of that reading; the picked track's reading is its own.
   */
  const readings = new Map<string, ReturnType<typeof engine.doDetect>>();
  const readWhole = async (name: string) => {
    const [clip] = await makeCorpus([name]);
    let reading = readings.get(name);
    if (!reading) readings.set(name, (reading = engine.doDetect({ input: { videoFile: clip!.file }, languages: ['zh', 'en'] })));
    return { clip, result: await reading };
  };

  it.each(FAST_SUBSET)('%s: every cue read whole and timed, nothing else', async (name) => {
    const { clip, result } = await readWhole(name);
    const score = scoreCorpusClip(clip!, result.boxes, result.subtitleTracks);
    const report = `${name}\n${score.report}\ntracks ${JSON.stringify(result.subtitleTracks)}`;
    expectTargets(score, report);
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

  it.each(['bilingual-bottom', 'bilingual-9x16-mid'])('%s: Chinese over English is two tracks, each timed on its own and with its language', async (name) => {
    const { clip, result } = await readWhole(name);
    const score = scoreCorpusClip(clip!, result.boxes, result.subtitleTracks);
    const report = `${name}\n${score.report}\ntracks ${JSON.stringify(result.subtitleTracks)}`;
    const chosen = result.subtitleTracks!.filter((track) => track.chosen);
    expect(chosen.map((track) => track.language), report).toEqual(['zh', 'en']);
    // Chinese above English.
    expect(chosen[0]!.box.y, report).toBeLessThan(chosen[1]!.box.y);
    expect(new Set(result.boxes.map((box) => box.track)), report).toEqual(new Set([0, 1]));
    expect(score.tracks?.map((track) => track.language), report).toEqual(['zh', 'en']);
    for (const track of score.tracks!) expectTargets(track.score, `${report}\ntrack ${track.language}`);
    // Each line's box lies in its own row: the erasure masks each row on its own.
    for (const box of result.boxes) {
      const own = result.subtitleTracks![box.track!]!;
      const other = result.subtitleTracks![1 - box.track!]!;
      const middle = box.box.y + box.box.height / 2;
      expect(Math.abs(middle - (own.box.y + own.box.height / 2)), report).toBeLessThan(Math.abs(middle - (other.box.y + other.box.height / 2)));
    }
  }, 300_000);

  it('distractors-all-mid: the track search reads the shop sign and the logo once, not on every sample (the cues as above)', async () => {
    const { result } = await readWhole('distractors-all-mid');
    const steps = result.timings!.stepsMs!;
    // Twelve samples, each showing the sign and the logo: read on the first, taken as they were on the others.
    expect(steps.searchBoxesKnown, JSON.stringify(steps)).toBeGreaterThanOrEqual(11);
  }, 300_000);

  it('reads the track a person picked alone: the English row of Chinese over English', async () => {
    const { clip, result: first } = await readWhole('bilingual-bottom');
    const english = first.subtitleTracks!.find((track) => track.language === 'en')!;
    const picked = await engine.doDetect({ input: { videoFile: clip!.file }, languages: ['zh', 'en'], subtitleTrack: english.box });
    const chosen = picked.subtitleTracks!.filter((track) => track.chosen);
    const report = `${JSON.stringify(picked.boxes)}\ntracks ${JSON.stringify(picked.subtitleTracks)}`;
    expect(chosen.map((track) => track.language), report).toEqual(['en']);
    const englishCues = clip!.cues.map((cue) => ({ ...cue, text: cue.text.split('\n')[1]! }));
    expectTargets(scoreCorpusClip({ ...clip!, row: { ...clip!.row, script: 'en' }, cues: englishCues }, picked.boxes), report);
    // The English rows only, word for word: no Chinese read into them.
    expect(picked.boxes.map((box) => box.text).join(' '), report).not.toMatch(/\p{Script=Han}/u);
  }, 300_000);
});
