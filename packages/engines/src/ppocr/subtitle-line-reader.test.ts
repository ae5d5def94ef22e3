import { describe, expect, it } from 'vitest';
import type { RgbImage } from './rgb-image.ts';
import { SubtitleLineReader, type BandReading, type SubtitleLineReaderOptions } from './subtitle-line-reader.ts';

const WIDTH = 60;
const HEIGHT = 20;
const BOX = { x: 4, y: 4, width: 48, height: 12 };
/** Each line's glyph columns; C shares two of A's glyphs. */
const LINES = { A: [10, 25, 40], B: [13, 28, 44], C: [10, 25, 52] } as const;

/** A moving noise background with a line's "glyphs" (white bars outlined in black). */
function frame(index: number, line: keyof typeof LINES | undefined, still = false): RgbImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  let seed = still ? 1 : index + 1;
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    data.set([seed % 200, (seed >> 8) % 200, (seed >> 16) % 200], pixel * 3);
  }
  const paint = (x: number, y: number, level: number) => data.set([level, level, level], (y * WIDTH + x) * 3);
  for (const column of line ? LINES[line] : []) {
    for (let y = 4; y < 16; y++) for (let x = column - 3; x <= column + 4; x++) paint(x, y, 0);
    for (let y = 6; y < 14; y++) for (let x = column - 1; x <= column + 2; x++) paint(x, y, 255);
  }
  return { data, width: WIDTH, height: HEIGHT };
}

/** "OCR" that knows the lines by their first glyph. */
function fakeRead(counter: { calls: number }, misreadAt?: number) {
  return async (image: RgbImage): Promise<BandReading | undefined> => {
    counter.calls++;
    const white = (x: number) => image.data[(10 * WIDTH + x) * 3] === 255 && image.data[(10 * WIDTH + x) * 3 + 1] === 255;
    const text = white(LINES.A[0]) ? 'the first line' : white(LINES.B[0]) ? 'and the second' : undefined;
    if (!text) return undefined;
    const read = counter.calls === misreadAt ? 'xx yy zz qq' : text;
    return { text: read, confidence: 0.9, box: BOX, boxes: [{ text: read, confidence: 0.9, box: BOX }] };
  };
}

/** Frames 0–59 at 20 per second: A on frames 3–30, B on 31–50, then nothing. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const script = (index: number) => (index >= 3 && index <= 30 ? 'A' : index >= 31 && index <= 50 ? 'B' : undefined);

/** A reader of 20 frames a second, a sample every 5th, boundaries refined, unchanged lines skipped; `options` change any of it. */
const sampledReader = (options: Partial<SubtitleLineReaderOptions> & Pick<SubtitleLineReaderOptions, 'read'>) =>
  new SubtitleLineReader({ frameSeconds: 0.05, sampleEvery: 5, durationSeconds: 3, refineBoundaries: true, skipUnchanged: true, ...options });

async function run(options: { refineBoundaries: boolean; skipUnchanged: boolean; misreadAt?: number }) {
  const counter = { calls: 0 };
  const reader = new SubtitleLineReader({ frameSeconds: options.refineBoundaries ? 0.05 : 0.25, sampleEvery: options.refineBoundaries ? 5 : 1, durationSeconds: 3, ...options, read: fakeRead(counter, options.misreadAt) });
  for (let index = 0; index < 60; index += options.refineBoundaries ? 1 : 5) await reader.push(frame(index, script(index)), options.refineBoundaries ? index : index / 5);
  return { lines: reader.finish(), reads: counter.calls, counts: reader.counts };
}

describe('subtitle line reader', () => {
  it('times lines to the frame between samples, and reads a line once while its pixels stay', async () => {
    const { lines, reads, counts } = await run({ refineBoundaries: true, skipUnchanged: true });
    expect(lines.map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)])).toEqual([
      ['the first line', 0.125, 1.525],
      ['and the second', 1.525, 2.525],
    ]);
    expect(counts).toEqual({ framesDecoded: 60, framesSampled: 12, framesRecognised: reads, framesVerified: 0, glancedSamplesReadAgain: 0, gapSamplesUnchanged: 0 });
    // Each line read when it appears and again once a second; empty samples are read too.
    expect(reads).toBeLessThanOrEqual(8);
  });

  it('in a gap, a still picture is read once; the line that comes after is read and timed as it was', async () => {
    // A still background: nothing on frames 0–29, line A on 30–50, nothing after (20 frames a second, a sample every 5th).
    const still = async (skipUnchanged: boolean) => {
      const counter = { calls: 0 };
      const reader = sampledReader({ skipUnchanged, read: fakeRead(counter) });
      for (let index = 0; index < 60; index++) await reader.push(frame(index, index >= 30 && index <= 50 ? 'A' : undefined, true), index);
      return { lines: reader.finish().map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)]), reads: counter.calls, counts: reader.counts };
    };
    const skipping = await still(true);
    const reading = await still(false);
    expect(skipping.lines).toEqual([['the first line', 1.475, 2.525]]);
    expect(reading.lines).toEqual(skipping.lines);
    // Samples 0–25 show the same empty picture: the first is read, the next five are not. Then the line is
    // read when it comes (30) and at its first check a second later (50), and the sample after it (55).
    // Without skipping, every one of the 12 samples is read.
    expect(skipping.counts.gapSamplesUnchanged).toBe(5);
    expect([skipping.reads, reading.reads]).toEqual([4, 12]);
  });

  it('ends a line after the last frame that still shows it: a frame where the background hid it for a moment does not end it', async () => {
    // Line A on frames 3–47; on frame 46 two of its three glyphs are hidden (their pixels measure 1/3 there), on 47 it shows whole again.
    const counter = { calls: 0 };
    const reader = sampledReader({ read: fakeRead(counter) });
    for (let index = 0; index < 60; index++) {
      const image = frame(index, index >= 3 && index <= 47 ? 'A' : undefined);
      if (index === 46) {
        const hidden = frame(index, undefined);
        for (let y = 0; y < HEIGHT; y++) for (let x = 20; x < WIDTH; x++) image.data.set(hidden.data.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3), (y * WIDTH + x) * 3);
      }
      await reader.push(image, index);
    }
    expect(reader.finish().map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)])).toEqual([['the first line', 0.125, 2.375]]);
  });

  it('ends a line no later than the next one starts, where the two share most of their pixels', async () => {
    // Line A on frames 3–32, then at once other words on two of the same glyphs and one elsewhere (line C) on 33–55.
    const draw = (index: number) => frame(index, index >= 3 && index <= 32 ? 'A' : index >= 33 && index <= 55 ? 'C' : undefined);
    const white = (image: RgbImage, x: number) => image.data[(10 * WIDTH + x) * 3] === 255;
    const reader = sampledReader({
      read: async (image) => {
        const text = white(image, 52) ? 'other words entirely' : white(image, 10) ? 'the first line' : undefined;
        return text ? { text, confidence: 0.9, box: BOX, boxes: [{ text, confidence: 0.9, box: BOX }] } : undefined;
      },
    });
    for (let index = 0; index < 60; index++) await reader.push(draw(index), index);
    const lines = reader.finish();
    expect(lines.map((line) => line.text)).toEqual(['the first line', 'other words entirely']);
    expect(lines[0]!.endSeconds).toBeLessThanOrEqual(lines[1]!.startSeconds);
  });

  it('without the frames between samples, puts changes halfway between samples', async () => {
    const { lines, reads } = await run({ refineBoundaries: false, skipUnchanged: false });
    // Samples at 0, 0.25, …: A is first seen at 0.25 and last at 1.5, B from 1.75 to 2.5.
    expect(lines.map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)])).toEqual([
      ['the first line', 0.125, 1.625],
      ['and the second', 1.625, 2.625],
    ]);
    expect(reads).toBe(12);
  });

  it('checks a held line once a second by reading its boxes only; other words there send the sample to a full read', async () => {
    const timed = (lines: ReturnType<SubtitleLineReader['finish']>) => lines.map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)]);
    // A line of 2.4 s (frames 3–50): read when it appears, read whole at its first check (a line
    // read once is), then checked by its box.
    const held = async (readAt: (image: RgbImage) => Promise<string | undefined>) => {
      const counter = { calls: 0 };
      const reader = sampledReader({ read: fakeRead(counter), readAt });
      for (let index = 0; index < 60; index++) await reader.push(frame(index, index >= 3 && index <= 50 ? 'A' : undefined), index);
      return { lines: reader.finish(), reads: counter.calls, counts: reader.counts };
    };
    let checks = 0;
    const same = await held(async (image) => {
      checks++;
      return (await fakeRead({ calls: 0 })(image))?.text;
    });
    const other = await held(async () => 'other words');
    const expected = [['the first line', 0.125, 2.525]];
    expect(timed(same.lines)).toEqual(expected);
    expect(timed(other.lines)).toEqual(expected);
    // Read at 0.25 s and whole at 1.25 s, then checked once by its box (2.25 s); the check saves that sample's full read.
    expect(same.counts.framesVerified).toBe(1);
    expect(checks).toBe(1);
    expect(same.reads).toBe(same.counts.framesRecognised);
    expect(other.counts.framesVerified).toBe(0);
    expect(other.reads).toBe(same.reads + 1);
  });

  it('reads a line read only once whole at its first check: a first reading cut short gives way to the line seen whole', async () => {
    // The detector missed the line's first word on its first sample (a busy background), and a
    // check by its boxes would read the same boxes again: "u have to sign this" until it went.
    let reads = 0;
    const read = async (image: RgbImage): Promise<BandReading | undefined> => {
      const shows = image.data[(10 * WIDTH + LINES.A[0]) * 3] === 255;
      if (!shows) return undefined;
      const text = reads++ === 0 ? 'u have to sign this' : 'You have to sign this';
      return { text, confidence: text.startsWith('u') ? 0.95 : 0.9, box: BOX, boxes: [{ text, confidence: 0.9, box: BOX }] };
    };
    const checked: string[] = [];
    const reader = sampledReader({
      read,
      readAt: async () => {
        checked.push('box');
        return 'u have to sign this';
      },
    });
    for (let index = 0; index < 60; index++) await reader.push(frame(index, index >= 3 && index <= 50 ? 'A' : undefined), index);
    const lines = reader.finish();
    expect(lines.map((line) => line.text)).toEqual(['You have to sign this']);
    // Read at 0.25 s, whole at 1.25 s; the check at 2.25 s by its box (which says "u have…", alike enough to keep it open).
    expect(reads).toBe(2);
    expect(checked).toEqual(['box']);
    expect(reader.counts.framesVerified).toBe(1);
  });

  it('asks for a glance where no line shows; a line a glance missed on its first sample has that sample read in full, and starts where it did', async () => {
    const frames = new WeakMap<RgbImage, number>();
    const full = { calls: 0 };
    const glances: number[] = [];
    const read = async (image: RgbImage, glance?: boolean) => {
      // The glance misses the first sample that shows A (frame 5: a faint first frame of a fade).
      if (glance) {
        glances.push(frames.get(image)!);
        if (frames.get(image) === 5) return undefined;
        return fakeRead({ calls: 0 })(image);
      }
      return fakeRead(full)(image);
    };
    const timedRun = async (glancing: boolean) => {
      const reader = sampledReader({ read, glances: glancing });
      for (let index = 0; index < 60; index++) {
        const image = frame(index, script(index));
        frames.set(image, index);
        await reader.push(image, index);
      }
      return { lines: reader.finish().map((line) => [line.text, round(line.startSeconds), round(line.endSeconds)]), counts: reader.counts };
    };
    const glancing = await timedRun(true);
    expect(glancing.lines).toEqual([
      ['the first line', 0.125, 1.525],
      ['and the second', 1.525, 2.525],
    ]);
    // Glances only where no line shows: before A, the sample that missed it and the one that found it, where
    // A's pixels had gone (35: B in its place) and where B's had (55). Elsewhere the open line's pixels stay.
    expect(glances).toEqual([0, 5, 10, 35, 55]);
    expect(glancing.counts.glancedSamplesReadAgain).toBe(1);
    // Without glances nothing is read again, and the times are the same.
    glances.length = 0;
    const plain = await timedRun(false);
    expect(plain.lines).toEqual(glancing.lines);
    expect(glances).toEqual([]);
    expect(plain.counts.glancedSamplesReadAgain).toBe(0);
  });

  it('keeps a line whose pixels stay through a misread sample, and takes its most frequent reading', async () => {
    const { lines } = await run({ refineBoundaries: true, skipUnchanged: false, misreadAt: 3 });
    expect(lines.map((line) => line.text)).toEqual(['the first line', 'and the second']);
  });
});
