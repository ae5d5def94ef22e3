import { describe, expect, it } from 'vitest';
import { SadMemory } from './sad-wasm.ts';

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const byHand = (a: Uint8Array, b: Uint8Array, count: number, step: number, rows = 1, stride = 0) => {
  let sum = 0;
  for (let row = 0; row < rows; row++) for (let at = 0; at < count; at += step) sum += Math.abs(a[row * stride + at]! - b[row * stride + at]!);
  return sum;
};

describe('SadMemory', () => {
  it('sums absolute differences as byte by byte: every length around the 16-byte turn, every start, one byte in two', () => {
    const memory = SadMemory.forThisThread()!;
    expect(memory).toBeDefined();
    const next = random(9);
    for (let count = 0; count <= 70; count++) {
      for (const [offsetA, offsetB] of [[0, 0], [1, 3], [7, 16], [15, 2]] as const) {
        const a = Uint8Array.from({ length: count + 20 }, () => Math.floor(next() * 256));
        const b = Uint8Array.from({ length: count + 20 }, () => Math.floor(next() * 256));
        memory.reset();
        const [atA, atB] = [memory.place(a), memory.place(b)];
        for (const step of [1, 2]) {
          expect(memory.sum(atA + offsetA, atB + offsetB, count, step === 2), `${count} bytes from ${offsetA}/${offsetB}, step ${step}`).toBe(byHand(a.subarray(offsetA), b.subarray(offsetB), count, step));
        }
      }
    }
  });

  it('grows to hold large pictures, sums many rows in one call, and the extremes do not overflow', () => {
    const memory = SadMemory.forThisThread()!;
    const [width, height] = [1920, 1080];
    const a = new Uint8Array(width * height).fill(255);
    const b = new Uint8Array(width * height);
    memory.reset();
    const [atA, atB] = [memory.place(a), memory.place(b)];
    // 255 on every byte of 2,073,600: a sum of 528,768,000, past 16-bit lanes many times over.
    expect(memory.sumRows(atA, atB, width, false, height, width)).toBe(255 * width * height);
    expect(memory.sumRows(atA + 3, atB + 3, width - 5, true, height / 2, 2 * width)).toBe(255 * Math.ceil((width - 5) / 2) * (height / 2));
    const next = random(4);
    const c = Uint8Array.from({ length: width * 8 }, () => Math.floor(next() * 256));
    const d = Uint8Array.from({ length: width * 8 }, () => Math.floor(next() * 256));
    memory.reset();
    const [atC, atD] = [memory.place(c), memory.place(d)];
    expect(memory.sumRows(atC + 5, atD + 5, 600, true, 4, 2 * width)).toBe(byHand(c.subarray(5), d.subarray(5), 600, 2, 4, 2 * width));
  });
});
