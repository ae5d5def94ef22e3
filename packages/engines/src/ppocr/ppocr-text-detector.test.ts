import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectTextResult } from '../capabilities/text-detector.ts';
import { createLocalEngineRegistry } from '../registry/local-engines.ts';
import { textDetectorConformance } from '../testing/conformance/text-detector-conformance.ts';
import { makeTestVideo } from '../testing/generated-media.ts';
import { CHINESE_DRAMA_LINES, cuesInSequence, ENGLISH_DRAMA_LINES, makeSubtitledVideo, type SubtitleCue } from '../testing/generated-subtitles.ts';
import { scoreSubtitles } from '../testing/subtitle-score.ts';
import { bandReadAhead, colourShare, createPpocr, keyedByColour, searchFirstArea } from './ppocr-text-detector.ts';

const descriptor = createLocalEngineRegistry().list('text-detector').find((entry) => entry.id === 'ppocr:pp-ocrv4')!;

/** A short 640×360 clip with two subtitles, one English and one Chinese. */
const SHORT_CUES: SubtitleCue[] = [
  { text: 'Where are you going', startSeconds: 0.3, endSeconds: 1.8 },
  { text: '今天晚上一起吃饭吧', startSeconds: 2.1, endSeconds: 3.6 },
];
const makeShortVideo = () => makeSubtitledVideo({ width: 640, height: 360, fontSize: 30, margin: 30, durationSeconds: 4, cues: SHORT_CUES });
/** A 640×360 clip with its two lines at the top of the picture. */
const TOP_CUES = cuesInSequence([
  ['第一集', 1.5, 0.5],
  ['Top line two', 1.5, 0],
]);
const makeTopVideo = () => makeSubtitledVideo({ width: 640, height: 360, fontSize: 28, margin: 24, position: 'top', durationSeconds: 4.5, cues: TOP_CUES });

textDetectorConformance({
  descriptor,
  makeVideo: async () => ({ file: await makeShortVideo(), texts: SHORT_CUES.map((cue) => cue.text) }),
  makeFrames: async (dir) => {
    const video = await makeShortVideo();
    const frames = await Promise.all(
      [1, 1.5, 3].map(async (timeSeconds) => {
        const imageFile = path.join(dir, `frame-${timeSeconds}.png`);
        await runFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(timeSeconds), '-i', video, '-frames:v', '1', imageFile]);
        return { imageFile, timeSeconds };
      }),
    );
    return { frames, texts: SHORT_CUES.map((cue) => cue.text) };
  },
  makeLongVideo: (dir) => makeTestVideo(dir, 'long.mp4', 60, { width: 320, height: 240, frameRate: 10 }),
  unsupportedOptions: [{ languages: ['ja'] }],
});

/** Every cue read with ≥ 95 % of its characters overall, each start and end within 0.2 s, nothing extra. */
function expectSubtitlesRead(result: DetectTextResult, cues: readonly SubtitleCue[]): void {
  const score = scoreSubtitles(cues, result.boxes);
  const report = score.lines.map((line) => `${line.expected} → ${line.read} (${line.startError?.toFixed(3)}, ${line.endError?.toFixed(3)})`).join('\n');
  expect(score.characterAccuracy, report).toBeGreaterThanOrEqual(0.95);
  for (const line of score.lines) {
    expect(line.read, report).toBeDefined();
    expect(Math.abs(line.startError!), `start of "${line.expected}"\n${report}`).toBeLessThanOrEqual(0.2);
    expect(Math.abs(line.endError!), `end of "${line.expected}"\n${report}`).toBeLessThanOrEqual(0.2);
  }
  expect(score.extraLines, 'no line that is not a subtitle').toEqual([]);
}

describe('a picture keyed by the text colour', () => {
  it('turns the text colour black and other colours lighter by their distance', () => {
    const yellow = [250, 220, 10];
    const pink = [250, 150, 170];
    const black = [0, 0, 0];
    const keyed = keyedByColour({ data: new Uint8Array([...yellow, ...pink, ...black, 245, 225, 20]), width: 4, height: 1 }, [250, 220, 10]);
    const greys = [0, 3, 6, 9].map((index) => keyed.data[index]!);
    expect(keyed.data.subarray(0, 3)).toEqual(new Uint8Array([0, 0, 0]));
    expect(greys[1]).toBeGreaterThan(200);
    expect(greys[2]).toBe(255);
    expect(greys[3]).toBeLessThan(25);
    // Every other pixel of every other row is counted: of a 4 × 2 picture, pixels 0 and 2 of row 0.
    expect(colourShare({ data: new Uint8Array([...yellow, ...pink, ...pink, ...pink, ...yellow, ...yellow, ...yellow, ...yellow]), width: 4, height: 2 }, [250, 220, 10])).toBe(0.5);
  });
});

describe('how far the band pass reads ahead (decision 099)', () => {
  it('is 24 frames for a band of a 720p or 1080p picture, within 24 MiB, and never under 4', () => {
    expect(bandReadAhead(1280 * 218 * 3)).toBe(24);
    expect(bandReadAhead(1920 * 330 * 3)).toBe(13);
    expect(bandReadAhead(1920 * 1080 * 3)).toBe(4);
    expect(bandReadAhead(3840 * 2160 * 3)).toBe(4);
  });
});

describe('where a series\' earlier episode had its subtitles (decision 109)', () => {
  const searchFirst = { band: { x: 0, y: 500, width: 1280, height: 150 }, frameWidth: 1280, frameHeight: 720 };
  it('is its band grown by a tenth of its height each way, the picture\'s whole width, inside the picture', () => {
    expect(searchFirstArea(searchFirst, { width: 1280, height: 720 })).toEqual({ x: 0, y: 485, width: 1280, height: 180 });
    expect(searchFirstArea({ ...searchFirst, band: { x: 0, y: 600, width: 1280, height: 120 } }, { width: 1280, height: 720 })).toEqual({ x: 0, y: 588, width: 1280, height: 132 });
  });
  it('does not apply to a picture of another size, nor where it would be most of the picture', () => {
    expect(searchFirstArea(searchFirst, { width: 720, height: 1280 })).toBeUndefined();
    expect(searchFirstArea({ ...searchFirst, band: { x: 0, y: 100, width: 1280, height: 420 } }, { width: 1280, height: 720 })).toBeUndefined();
    expect(searchFirstArea(undefined, { width: 1280, height: 720 })).toBeUndefined();
  });
});

describe('ppocr:pp-ocrv4 on generated dramas', () => {
  const engine = createPpocr();
  // Making a drama takes 5–10 s the first time (cached afterwards), reading it as long on a busy machine.
  const DRAMA_TIMEOUT_MS = 120_000;

  it('reads a 9:16 Chinese drama: twelve lines (one in two rows), characters and times', async () => {
    const cues = cuesInSequence(CHINESE_DRAMA_LINES);
    const videoFile = await makeSubtitledVideo({ width: 720, height: 1280, background: 'cellauto', fontSize: 46, margin: 260, durationSeconds: Math.ceil(cues.at(-1)!.endSeconds + 1), cues });
    const progress: number[] = [];
    const result = await engine.doDetect({ input: { videoFile }, languages: ['zh'], onProgress: (percent) => progress.push(percent) });
    expectSubtitlesRead(result, cues);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect(result.boxes.find((box) => box.text.includes('总裁'))?.text, 'two rows joined without a space').toBe('从今天开始我就是这家公司的总裁');
    expect(result).toMatchObject({ frameWidth: 720, frameHeight: 1280, warnings: [] });
    // The band holds the text (its bottom 260 px above the picture's) and is a strip, not the picture.
    const band = result.subtitleBand!;
    expect(band.y + band.height).toBeGreaterThanOrEqual(1280 - 260);
    expect(band.height).toBeLessThan(1280 / 4);
    for (const box of result.boxes) expect(box.box.y).toBeGreaterThanOrEqual(band.y);
    const steps = result.timings!.stepsMs!;
    expect(steps.framesRecognised, 'unchanged samples are not read again').toBeLessThan(steps.framesSampled! * 0.7);
    expect(steps.framesDecoded).toBeGreaterThan(steps.framesSampled!);
  }, DRAMA_TIMEOUT_MS);

  it('reads a 16:9 English drama: ten lines, characters and times', async () => {
    const cues = cuesInSequence(ENGLISH_DRAMA_LINES);
    const videoFile = await makeSubtitledVideo({ width: 1280, height: 720, fontSize: 40, margin: 60, durationSeconds: Math.ceil(cues.at(-1)!.endSeconds + 1), cues });
    const result = await engine.doDetect({ input: { videoFile } });
    expectSubtitlesRead(result, cues);
    expect(result.boxes.map((box) => box.text), 'word spaces kept').toContain('Meet me at the door at eight tomorrow.');
    // Short lines are looked at again in their colour once, not at each sample that reads the same words (decision 114).
    const steps = result.timings!.stepsMs!;
    expect(steps.narrowLooksSpared, 'a short line read again is not looked at again').toBeGreaterThan(0);
  }, DRAMA_TIMEOUT_MS);

  it('reads subtitles at the top of the picture', async () => {
    const result = await engine.doDetect({ input: { videoFile: await makeTopVideo() } });
    expect(result.subtitleBand!.y).toBeLessThan(360 * 0.3);
    expect(result.boxes.map((box) => box.text)).toEqual(['第一集', 'Top line two']);
  });

  it('looks for the subtitles first where a video like it had them, and in the whole picture when no track is there', async () => {
    const videoFile = await makeShortVideo();
    const plain = await engine.doDetect({ input: { videoFile } });
    const first = await engine.doDetect({ input: { videoFile }, searchFirst: { band: plain.subtitleBand!, frameWidth: 640, frameHeight: 360 } });
    expect(first.timings!.stepsMs).toMatchObject({ searchedFirst: 1 });
    expect(first.timings!.stepsMs!.searchWidened, 'found where it looked first').toBeUndefined();
    // The same lines to the same targets (the boxes a few pixels apart: the part searched is detected unstretched).
    expectSubtitlesRead(first, SHORT_CUES);
    expect(first.boxes.map((box) => box.text)).toEqual(plain.boxes.map((box) => box.text));
    // Lines at the top of a picture whose series had them at the bottom: the bottom holds no track, the whole picture is searched.
    const top = await engine.doDetect({ input: { videoFile: await makeTopVideo() }, searchFirst: { band: { x: 0, y: 270, width: 640, height: 80 }, frameWidth: 640, frameHeight: 360 } });
    expect(top.timings!.stepsMs).toMatchObject({ searchedFirst: 1, searchWidened: 1 });
    expect(top.boxes.map((box) => box.text)).toEqual(['第一集', 'Top line two']);
  });

  it('reads all text in all-text mode: each text a timed box where it is, the test pattern clock too', async () => {
    const result = await engine.doDetect({ input: { videoFile: await makeShortVideo(), framesPerSecond: 2 }, mode: 'all-text' });
    const texts = JSON.stringify(result.boxes.map((box) => [box.text, box.startSeconds, box.endSeconds]));
    for (const cue of SHORT_CUES) {
      const line = result.boxes.find((box) => box.text === cue.text);
      expect(line, texts).toBeDefined();
      expect(line!.box.y, 'in the lower part').toBeGreaterThan(360 / 2);
      // Samples every 0.5 s: the box spans the samples that showed the text, ± a quarter second.
      expect(Math.abs(line!.startSeconds - cue.startSeconds), texts).toBeLessThanOrEqual(0.5);
      expect(Math.abs(line!.endSeconds - cue.endSeconds), texts).toBeLessThanOrEqual(0.5);
    }
    // testsrc2's running clock, top left.
    expect(result.boxes.some((box) => /^\d\d:\d\d:\d\d/.test(box.text) && box.box.x < 640 / 4 && box.box.y < 360 / 4), texts).toBe(true);
    expect(result.subtitleBand).toBeUndefined();
  });

  describe('bad and unusual input', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-ppocr-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reads nothing, with a warning, in a video without text', async () => {
      const videoFile = path.join(dir, 'plain.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'rgbtestsrc=s=320x240:rate=10:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', videoFile]);
      const result = await engine.doDetect({ input: { videoFile } });
      expect(result.boxes).toEqual([]);
      expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'approximate-output', output: 'subtitleBand' }));
    });

    it('fails typed for a damaged video', async () => {
      const whole = await makeShortVideo();
      const damaged = path.join(dir, 'damaged.mp4');
      await runFfmpeg(['-hide_banner', '-loglevel', 'error', '-y', '-i', whole, '-c', 'copy', '-f', 'mp4', damaged]);
      const bytes = await readFile(damaged);
      await writeFile(damaged, bytes.subarray(0, 2000));
      await expect(engine.doDetect({ input: { videoFile: damaged } })).rejects.toMatchObject({ name: 'EngineInputError', isRetryable: false });
    });
  });
});
