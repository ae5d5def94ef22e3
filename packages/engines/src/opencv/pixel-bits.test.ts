import { describe, expect, it } from 'vitest';
import { bitIndices, bitsAt, copyBits, countBits, popCount, rangeBits, rowBitsOf } from './pixel-bits.ts';

let seed = 99;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);

/** A `width` × `height` byte map with a share `density` of pixels set. */
function map(width: number, height: number, density: number): Uint8Array {
  return Uint8Array.from({ length: width * height }, () => (random() < density ? 1 : 0));
}

describe('pixel bits', () => {
  it('hold the set pixels of a box of a map, none outside it, at every alignment of its edges', () => {
    for (let trial = 0; trial < 60; trial++) {
      const width = 20 + Math.floor(random() * 150);
      const height = 3 + Math.floor(random() * 12);
      const bytes = map(width, height, random());
      const x0 = Math.floor(random() * width);
      const x1 = x0 + Math.floor(random() * (width - x0 + 1));
      const y0 = Math.floor(random() * height);
      const y1 = y0 + Math.floor(random() * (height - y0 + 1));
      const bits = rowBitsOf(bytes, width, x0, y0, x1, y1);
      const inside = (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1 && bytes[y * width + x] === 1;
      let count = 0;
      const indices: number[] = [];
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (inside(x, y)) {
            count++;
            indices.push(y * width + x);
          }
        }
      }
      expect(countBits(bits)).toBe(count);
      expect([...bitIndices(bits, width)]).toEqual(indices);
      // 32 pixels read from any place, in and out of the box (and off the picture on every side).
      for (let probe = 0; probe < 40; probe++) {
        const y = Math.floor(random() * (height + 4)) - 2;
        const p = Math.floor(random() * (width + 80)) - 40;
        let expected = 0;
        for (let bit = 0; bit < 32; bit++) if (inside(p + bit, y)) expected |= 1 << bit;
        expect(bitsAt(bits, y, p)).toBe(expected);
      }
    }
  });

  it('copy their words; count, range and pop-count bits as a loop over the pixels would', () => {
    const bits = rowBitsOf(map(64, 2, 0.5), 64, 0, 0, 64, 2);
    const copy = copyBits(bits);
    copy.words[0] = 0;
    expect(bits.words[0]).not.toBe(0);
    for (let trial = 0; trial < 200; trial++) {
      const word = (random() * 2 ** 32) | 0;
      let count = 0;
      for (let bit = 0; bit < 32; bit++) count += (word >>> bit) & 1;
      expect(popCount(word)).toBe(count);
      const start = Math.floor(random() * 200) - 100;
      const from = Math.floor(random() * 200) - 100;
      const to = from + Math.floor(random() * 80) - 10;
      let expected = 0;
      for (let bit = 0; bit < 32; bit++) if (start + bit >= from && start + bit < to) expected |= 1 << bit;
      expect(rangeBits(start, from, to)).toBe(expected);
    }
    expect(popCount(-1)).toBe(32);
    expect(rangeBits(0, 0, 32)).toBe(-1);
  });
});
