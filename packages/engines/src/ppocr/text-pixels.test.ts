import { describe, expect, it } from 'vitest';
import type { RgbImage } from './rgb-image.ts';
import { changedShare, textPixelsOf, textPresence } from './text-pixels.ts';

const WIDTH = 60;
const HEIGHT = 20;

/** A background (a level, or noise from a seed) with "glyphs": white bars outlined in black at `columns`. */
function picture(background: number | { seed: number }, columns: readonly number[]): RgbImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  let seed = typeof background === 'number' ? 0 : background.seed;
  for (let index = 0; index < WIDTH * HEIGHT; index++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const level = typeof background === 'number' ? background : seed % 256;
    data.set([level, (level * 7) % 256, 255 - level], index * 3);
  }
  const paint = (x: number, y: number, level: number) => data.set([level, level, level], (y * WIDTH + x) * 3);
  for (const column of columns) {
    for (let y = 4; y < 16; y++) for (let x = column - 2; x <= column + 3; x++) paint(x, y, 0);
    for (let y = 6; y < 14; y++) for (let x = column; x <= column + 1; x++) paint(x, y, 255);
  }
  return { data, width: WIDTH, height: HEIGHT };
}

describe('text pixels', () => {
  const box = { x: 0, y: 2, width: WIDTH, height: 16 };
  const shown = picture(90, [10, 25, 40]);
  const pixels = textPixelsOf(shown, [box])!;

  it('takes the glyphs (the text colour) and their dark outline', () => {
    expect(pixels.colour).toEqual([255, 255, 255]);
    expect(pixels.glyph).toHaveLength(3 * 2 * 8);
    expect(pixels.outline.length).toBeGreaterThan(pixels.glyph.length);
  });

  it('finds the same text over another background, and not another text or none', () => {
    expect(textPresence(pixels, shown)).toBe(1);
    expect(textPresence(pixels, picture({ seed: 7 }, [10, 25, 40]))).toBe(1);
    expect(textPresence(pixels, picture({ seed: 7 }, [13, 28, 44]))).toBeLessThan(0.6);
    expect(textPresence(pixels, picture({ seed: 7 }, []))).toBeLessThan(0.6);
    // White where the text was (no outline): the glyph colour matches, the outline does not.
    expect(textPresence(pixels, picture(255, []))).toBe(0);
    expect(textPresence(pixels, { data: new Uint8Array(3 * 4), width: 2, height: 2 })).toBe(0);
  });

  it('has no text pixels for dark text or a box without text', () => {
    expect(textPixelsOf(picture(30, []), [box])).toBeUndefined();
    expect(textPixelsOf(picture(200, []), [box])).toBeUndefined();
  });

  it('measures the share of a picture another changed: none for the same picture, the glyphs for a line drawn, all for another size', () => {
    const empty = picture(90, []);
    expect(changedShare(empty, picture(90, []))).toBe(0);
    // A little noise (H.264 on a still picture) is not a change.
    const noisy = { ...empty, data: empty.data.map((value, index) => Math.min(255, value + (index % 7))) };
    expect(changedShare(empty, noisy)).toBe(0);
    // One glyph and its outline: 6 × 12 of the 60 × 20 pixels.
    expect(changedShare(empty, picture(90, [25]))).toBeCloseTo((6 * 12) / (60 * 20), 2);
    expect(changedShare(empty, { data: new Uint8Array(30 * 20 * 3), width: 30, height: 20 })).toBe(1);
  });
});
