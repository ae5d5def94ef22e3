/**
 * Sets of pixels of one plane as bits (decision 104): bit `x & 31` of word `x >> 5` of a row, over
 * the rows and 32-pixel words of a box. The temporal fill keeps the pixels it has still to fill this
 * way and tests a whole-pixel neighbour 32 pixels at a time against that neighbour's mask, instead
 * of looking at every pixel left for every neighbour (a frame looked at ~35 neighbours, each pixel
 * ~19 times, to take it from one).
 */

export interface RowBits {
  /** Rows [y0, y1) of the plane. */
  y0: number;
  y1: number;
  /** Words [w0, w1) of each row: pixels [32 w0, 32 w1). */
  w0: number;
  w1: number;
  /** (y1 - y0) × (w1 - w0) words, row after row. */
  words: Uint32Array;
}

/** The set pixels of `map` (a plane `stride` pixels wide) in [x0, x1) × [y0, y1); none outside it. */
export function rowBitsOf(map: Uint8Array, stride: number, x0: number, y0: number, x1: number, y1: number): RowBits {
  const top = Math.max(0, y0);
  const bottom = Math.max(top, y1);
  const w0 = Math.max(0, x0) >> 5;
  const w1 = Math.max(w0, (x1 + 31) >> 5);
  const span = w1 - w0;
  const words = new Uint32Array((bottom - top) * span);
  for (let y = top; y < bottom; y++) {
    const row = y * stride;
    const base = (y - top) * span - w0;
    for (let x = Math.max(0, x0); x < x1; x++) if (map[row + x]) words[base + (x >> 5)]! |= 1 << (x & 31);
  }
  return { y0: top, y1: bottom, w0, w1, words };
}

/** A copy of `bits` (its own words). */
export function copyBits(bits: RowBits): RowBits {
  return { ...bits, words: bits.words.slice() };
}

/** The 32 bits of `bits`' row `y` for pixels [p, p + 32) (p any integer; nothing is set outside the box). */
export function bitsAt(bits: RowBits, y: number, p: number): number {
  if (y < bits.y0 || y >= bits.y1) return 0;
  const word = p >> 5;
  const offset = p & 31;
  const span = bits.w1 - bits.w0;
  const row = (y - bits.y0) * span - bits.w0;
  const low = word >= bits.w0 && word < bits.w1 ? bits.words[row + word]! : 0;
  if (offset === 0) return low | 0;
  const high = word + 1 >= bits.w0 && word + 1 < bits.w1 ? bits.words[row + word + 1]! : 0;
  return (low >>> offset) | (high << (32 - offset));
}

/** Bits [from, to) of a 32-pixel word starting at pixel `start` (all, none or a run). */
export function rangeBits(start: number, from: number, to: number): number {
  const low = Math.max(0, from - start);
  const high = Math.min(32, to - start);
  if (high <= low) return 0;
  const upper = high === 32 ? -1 : (1 << high) - 1;
  return upper & ~((1 << low) - 1);
}

/** The number of set bits of a 32-bit word. */
export function popCount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** The number of pixels in `bits`. */
export function countBits(bits: RowBits): number {
  let count = 0;
  for (let index = 0; index < bits.words.length; index++) count += popCount(bits.words[index]!);
  return count;
}

/** Indices (y × `stride` + x) of the pixels in `bits`, row by row, left to right. */
export function bitIndices(bits: RowBits, stride: number): Int32Array {
  const indices = new Int32Array(countBits(bits));
  let at = 0;
  const span = bits.w1 - bits.w0;
  for (let y = bits.y0; y < bits.y1; y++) {
    const row = (y - bits.y0) * span;
    for (let word = 0; word < span; word++) {
      let value = bits.words[row + word]! | 0;
      const start = (bits.w0 + word) << 5;
      while (value !== 0) {
        const bit = 31 - Math.clz32(value & -value);
        indices[at++] = y * stride + start + bit;
        value &= value - 1;
      }
    }
  }
  return indices;
}
